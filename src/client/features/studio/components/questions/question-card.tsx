import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { COMPREHENSION_LIMITS } from '#shared/contracts/comprehension';
import { Button } from '#client/components/ui/button';
import { Field, FieldError } from '#client/components/ui/field';
import { Input, Select, Textarea } from '#client/components/ui/input';
import { lineLabel, withoutOption, type QuestionsFormValues } from '../../rules/question-edits';

/** A line of the chapter's transcript, as the line select offers it. */
export interface QuestionLine {
  id: string;
  text: string;
}

export type QuestionMove = 'up' | 'down';

export interface QuestionCardProps {
  index: number;
  count: number;
  lines: readonly QuestionLine[];
  onMove: (index: number, move: QuestionMove) => void;
  onRemove: (index: number) => void;
  /** Says what an action did (the form's live region). */
  announce: (message: string) => void;
}

const NO_LINE = '';

/**
 * One question of the chapter: its text, its options with the correct one (a radio each), the
 * line that answers it, and its place in the list. Every refusal is shown at its field.
 */
export function QuestionCard({
  index,
  count,
  lines,
  onMove,
  onRemove,
  announce,
}: QuestionCardProps) {
  const number = index + 1;
  const headingId = useId();
  const optionsErrorId = useId();
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<QuestionsFormValues>();
  const name = `questions.${index}` as const;
  const options = useWatch({ control, name: `${name}.options` });
  const segmentId = useWatch({ control, name: `${name}.segmentId` });
  const refused = errors.questions?.[index];
  const optionsError =
    refused?.correctOption?.message ?? refused?.options?.message ?? refused?.options?.root?.message;
  const lineMissing = segmentId !== null && !lines.some((line) => line.id === segmentId);

  function addOption() {
    setValue(`${name}.options`, [...getValues(`${name}.options`), ''], { shouldDirty: true });
    announce(`Option ${options.length + 1} added to question ${number}.`);
  }

  function removeOption(option: number) {
    const next = withoutOption(getValues(name), option);
    setValue(`${name}.options`, next.options, { shouldDirty: true });
    setValue(`${name}.correctOption`, next.correctOption, { shouldDirty: true });
    announce(`Option ${option + 1} removed from question ${number}.`);
  }

  return (
    <section
      aria-labelledby={headingId}
      data-question={index}
      className="space-y-4 rounded-2xl border border-line bg-surface px-4 py-4 sm:px-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          Question {number}
        </h3>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            data-control="up"
            aria-label={`Move question ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index, 'up')}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            Up
          </Button>
          <Button
            variant="ghost"
            size="sm"
            data-control="down"
            aria-label={`Move question ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, 'down')}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
            Down
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove question ${number}`}
            onClick={() => onRemove(index)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      </div>

      <Field label="Question" error={refused?.text?.message} required>
        <Textarea rows={2} {...register(`${name}.text`)} />
      </Field>

      <fieldset aria-describedby={optionsError ? optionsErrorId : undefined} className="space-y-2">
        <legend className="text-sm font-medium text-ink">
          Options <span className="font-normal text-ink-muted">(choose the correct one)</span>
        </legend>
        <Controller
          control={control}
          name={`${name}.correctOption`}
          render={({ field }) => (
            <ol className="space-y-2">
              {options.map((_, option) => {
                const optionError = refused?.options?.[option]?.message;
                return (
                  <li key={option} className="space-y-1">
                    <div className="flex items-center gap-2">
                      <input
                        ref={option === 0 ? field.ref : undefined}
                        type="radio"
                        name={`question-${index}-correct`}
                        className="size-5 shrink-0 accent-accent"
                        aria-label={`Option ${option + 1} is the correct answer`}
                        checked={field.value === option}
                        onChange={() => field.onChange(option)}
                        onBlur={field.onBlur}
                      />
                      <Field
                        label={<span className="sr-only">Option {option + 1}</span>}
                        error={optionError}
                        className="min-w-0 flex-1"
                      >
                        <Input
                          placeholder={`Option ${option + 1}`}
                          {...register(`${name}.options.${option}`)}
                        />
                      </Field>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove option ${option + 1}`}
                        disabled={options.length <= COMPREHENSION_LIMITS.minOptions}
                        onClick={() => removeOption(option)}
                      >
                        <X aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                    {field.value === option ? (
                      <p className="pl-7 text-sm font-medium text-level-beginner-ink">
                        Correct answer
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )}
        />
        {optionsError ? <FieldError id={optionsErrorId}>{optionsError}</FieldError> : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={options.length >= COMPREHENSION_LIMITS.maxOptions}
          onClick={addOption}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add option
        </Button>
      </fieldset>

      <Controller
        control={control}
        name={`${name}.segmentId`}
        render={({ field }) => (
          <Field
            label="Line that answers it"
            hint={
              lineMissing
                ? 'The line chosen before is no longer in the transcript: choose another, or none.'
                : 'Learners who answer wrongly can play this line and read it.'
            }
            error={refused?.segmentId?.message}
          >
            <Select
              ref={field.ref}
              value={field.value ?? NO_LINE}
              onChange={(event) =>
                field.onChange(event.target.value === NO_LINE ? null : event.target.value)
              }
              onBlur={field.onBlur}
            >
              <option value={NO_LINE}>None</option>
              {lineMissing ? (
                <option value={segmentId}>A line no longer in the transcript</option>
              ) : null}
              {lines.map((line, at) => (
                <option key={line.id} value={line.id}>
                  {lineLabel(line.text, at)}
                </option>
              ))}
            </Select>
          </Field>
        )}
      />
    </section>
  );
}
