import { useFormContext } from 'react-hook-form';
import { storyLevels } from '#shared/contracts/stories';
import { Field } from '#client/components/ui/field';
import { Input, Select, Textarea } from '#client/components/ui/input';
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
        <Input type="text" autoComplete="off" maxLength={200} {...register('title')} />
      </Field>

      <Field label="Difficulty Level" required error={errors.level?.message}>
        <Select {...register('level')}>
          {storyLevels.map((level) => (
            <option key={level} value={level}>
              {levelLabels[level]}
            </option>
          ))}
        </Select>
      </Field>

      <Field label="New Words Count" error={errors.newWordsCount?.message}>
        <Input type="number" inputMode="numeric" min={0} step={1} {...register('newWordsCount')} />
      </Field>

      <Field
        label="Description"
        required
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        <Textarea rows={4} maxLength={5000} className="min-h-28" {...register('description')} />
      </Field>

      <Field
        label="Position in Library"
        error={errors.position?.message}
        hint="1 is first; the stories from there move down one place. Empty: a new story goes last."
      >
        <Input type="number" inputMode="numeric" min={1} step={1} {...register('position')} />
      </Field>
    </div>
  );
}
