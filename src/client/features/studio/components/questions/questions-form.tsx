import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useFieldArray } from 'react-hook-form';
import { CircleCheck, CircleDot, Plus, Save } from 'lucide-react';
import {
  COMPREHENSION_LIMITS,
  comprehensionMessages,
  saveChapterQuestionsRequestSchema,
  type ChapterQuestionsResponse,
} from '#shared/contracts/comprehension';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { useSaveChapterQuestions } from '../../api/save-chapter-questions';
import { fieldRefusals, newQuestion, type QuestionsFormValues } from '../../rules/question-edits';
import { describeRefusal } from '../../rules/refusal';
import { QuestionCard, type QuestionLine, type QuestionMove } from './question-card';

export interface QuestionsFormProps {
  chapterId: string;
  saved: ChapterQuestionsResponse;
  lines: readonly QuestionLine[];
  /** Whether the form holds changes not saved yet (the studio's leave guard asks then). */
  onDirtyChange: (dirty: boolean) => void;
}

/** Where the saved questions stand with learners, in words. */
function learnersNote(saved: ChapterQuestionsResponse): string {
  if (!saved.published) return 'Learners see these questions once the story is published.';
  return saved.unpublishedChanges
    ? 'Learners still see the questions published last: publish the story’s changes to show them these.'
    : 'Learners see these questions when they finish the chapter.';
}

const countOf = (count: number) => (count === 1 ? '1 question' : `${count} questions`);

/** The chapter's questions as one form: add, edit, reorder, remove, then save them together. */
export function QuestionsForm({ chapterId, saved, lines, onDirtyChange }: QuestionsFormProps) {
  const form = useSchemaForm(saveChapterQuestionsRequestSchema, {
    defaultValues: { questions: saved.questions },
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'questions' });
  const save = useSaveChapterQuestions(chapterId);
  const [announcement, setAnnouncement] = useState('');
  const fullId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const full = fields.length >= COMPREHENSION_LIMITS.questions;
  const listError = errors.questions?.message ?? errors.questions?.root?.message;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  function onMove(index: number, direction: QuestionMove) {
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= fields.length) return;
    move(index, target);
    setAnnouncement(`Question ${index + 1} moved to position ${target + 1} of ${fields.length}.`);
    // The card moved in the page: the focus follows it, on the same button where it still can.
    requestAnimationFrame(() => {
      const card = list.current?.querySelector(`[data-question="${target}"]`);
      const wanted = card?.querySelector<HTMLButtonElement>(`[data-control="${direction}"]`);
      const other = card?.querySelector<HTMLButtonElement>(
        `[data-control="${direction === 'up' ? 'down' : 'up'}"]`,
      );
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    });
  }

  function onRemove(index: number) {
    remove(index);
    setAnnouncement(`Question ${index + 1} removed.`);
    addButton.current?.focus();
  }

  function onAdd() {
    append(newQuestion(), { shouldFocus: true });
    setAnnouncement(`Question ${fields.length + 1} added.`);
  }

  const onSubmit = handleSubmit((values: QuestionsFormValues) => {
    save.mutate(values, {
      onSuccess: (answer) => {
        reset({ questions: answer.questions });
        setAnnouncement(`Questions saved: ${countOf(answer.questions.length)}.`);
      },
      onError: (error) => {
        const refusals = fieldRefusals(error);
        refusals.forEach((refusal, at) =>
          setError(
            refusal.name,
            { type: 'server', message: refusal.message },
            { shouldFocus: at === 0 },
          ),
        );
      },
    });
  });

  const refusal = save.error && fieldRefusals(save.error).length === 0 ? save.error : null;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <p className="text-sm text-ink-muted">{learnersNote(saved)}</p>
        {fields.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-line px-6 py-6 text-center text-ink-muted">
            No questions yet: learners are asked nothing after this chapter.
          </p>
        ) : (
          <ol ref={list} className="space-y-4">
            {fields.map((field, index) => (
              <li key={field.id}>
                <QuestionCard
                  index={index}
                  count={fields.length}
                  lines={lines}
                  onMove={onMove}
                  onRemove={onRemove}
                  announce={setAnnouncement}
                />
              </li>
            ))}
          </ol>
        )}
        {listError ? <FieldError>{listError}</FieldError> : null}
        {refusal ? (
          <FormAlert
            title="The questions were not saved"
            message={describeRefusal(refusal, null).message}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={addButton}
            variant="secondary"
            disabled={full}
            aria-describedby={full ? fullId : undefined}
            onClick={onAdd}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add question
          </Button>
          <Button type="submit" disabled={!isDirty || save.isPending}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? 'Saving…' : 'Save questions'}
          </Button>
          <p className="flex items-center gap-2 text-sm font-medium">
            {isDirty ? (
              <>
                <CircleDot aria-hidden="true" className="size-4 text-accent" />
                Unsaved changes
              </>
            ) : (
              <>
                <CircleCheck aria-hidden="true" className="size-4 text-level-beginner-ink" />
                Saved · {countOf(saved.questions.length)}
              </>
            )}
          </p>
        </div>
        {full ? (
          <p id={fullId} className="text-sm text-ink-muted">
            {comprehensionMessages.tooManyQuestions}.
          </p>
        ) : null}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </form>
    </FormProvider>
  );
}
