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

  // Save beside the field and the hint the form's whole width under both, not squeezed into
  // narrow lines next to Save (issue 14).
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={reviewTexts.limitLabel}
        hint={reviewTexts.limitHint}
        error={errors.newCardsPerDay?.message}
      >
        <div className="flex items-center gap-3">
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className="w-full sm:w-40"
            {...register('newCardsPerDay', { valueAsNumber: true })}
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
            className="shrink-0"
          >
            {reviewTexts.limitSave}
          </Button>
        </div>
      </Field>
    </form>
  );
}
