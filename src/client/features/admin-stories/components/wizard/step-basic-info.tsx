import { useFormContext } from 'react-hook-form';
import { storyLevels } from '#shared/contracts/stories';
import { inputClassName } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { Field } from './field';
import { levelLabels, type WizardValues } from './wizard-schema';

/** Step 1: the story's own fields. */
export function StepBasicInfo() {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Story Title" required error={errors.title?.message} className="sm:col-span-2">
        {(control) => (
          <input
            {...control}
            {...register('title')}
            type="text"
            autoComplete="off"
            maxLength={200}
            className={inputClassName}
          />
        )}
      </Field>

      <Field label="Difficulty Level" required error={errors.level?.message}>
        {(control) => (
          <select {...control} {...register('level')} className={inputClassName}>
            {storyLevels.map((level) => (
              <option key={level} value={level}>
                {levelLabels[level]}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field label="New Words Count" error={errors.newWordsCount?.message}>
        {(control) => (
          <input
            {...control}
            {...register('newWordsCount')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className={inputClassName}
          />
        )}
      </Field>

      <Field
        label="Description"
        required
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            {...register('description')}
            rows={4}
            maxLength={5000}
            className={cn(inputClassName, 'h-auto min-h-28 py-2')}
          />
        )}
      </Field>

      <Field label="Position in Library" error={errors.position?.message}>
        {(control) => (
          <input
            {...control}
            {...register('position')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className={inputClassName}
          />
        )}
      </Field>
    </div>
  );
}
