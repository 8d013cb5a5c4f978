import { useQueryClient } from '@tanstack/react-query';
import { updateReviewSettingsBodySchema, type ReviewSettings } from '#shared/contracts/review';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input } from '#client/components/ui/input';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { reviewSettingsKey, updateReviewSettings } from '../api/review-api';
import { reviewTexts } from '../review-texts';

/** The daily new-card limit; saving it starts the session again from the server's new queue. */
export function NewCardLimitForm({
  settings,
  onSaved,
}: {
  settings: ReviewSettings;
  onSaved: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(updateReviewSettingsBodySchema, { defaultValues: settings });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await updateReviewSettings(values);
      queryClient.setQueryData(reviewSettingsKey, saved);
      await onSaved();
      toast.success(reviewTexts.limitSaved);
    } catch {
      toast.error(reviewTexts.limitFailed);
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-wrap items-end gap-3"
      noValidate
    >
      <Field
        label={reviewTexts.limitLabel}
        hint={reviewTexts.limitHint}
        error={errors.newCardsPerDay?.message}
        className="w-full sm:w-72"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register('newCardsPerDay', { valueAsNumber: true })}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={isSubmitting} aria-busy={isSubmitting}>
        {reviewTexts.limitSave}
      </Button>
    </form>
  );
}
