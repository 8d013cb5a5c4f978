import { HeartHandshake } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  SUPPORT_CUSTOM_MAX,
  SUPPORT_CUSTOM_MIN,
  SUPPORT_DESCRIPTION_MAX,
  updateSupportSettingsBodySchema,
  type UpdateSupportSettingsBody,
} from '#shared/contracts/support';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input } from '#client/components/ui/input';
import { useSchemaForm, type FormWording } from '#client/lib/forms/use-schema-form';
import { useSupportSettings, type SupportSettings as Settings } from '../api/get-support-settings';
import { useUpdateSupportSettings } from '../api/update-support-settings';
import { SectionState, SettingsSection } from './settings-section';
import { settingsSaved } from './settings-saved';
import { Toggle } from './toggle';

/** Support Settings: the home page's support section switch and its first tier. */
export function SupportSettings() {
  const settings = useSupportSettings();
  return (
    <SettingsSection
      title="Support Settings"
      description="The support section at the bottom of the home page."
      icon={HeartHandshake}
    >
      <SectionState
        isPending={settings.isPending}
        isError={settings.isError}
        loadingLabel="Loading support settings..."
        errorTitle="Support settings unavailable"
        onRetry={() => void settings.refetch()}
      >
        {() => <SupportForm saved={settings.data!} />}
      </SectionState>
    </SettingsSection>
  );
}

const amountSchema = updateSupportSettingsBodySchema.shape.support_tier_1_amount.unwrap();
const descriptionSchema = updateSupportSettingsBodySchema.shape.support_tier_1_description.unwrap();

/** The form as typed: the amount stays text until it is checked (the contract's number rules). */
const supportFormSchema = z.object({
  enabled: z.boolean(),
  amount: z.string().trim().transform(Number).pipe(amountSchema),
  description: descriptionSchema,
});
type SupportFormValues = z.output<typeof supportFormSchema>;

const supportWording: FormWording = (issue) => {
  if (issue.path?.[0] === 'amount') {
    return `Enter a whole number from ${SUPPORT_CUSTOM_MIN} to ${SUPPORT_CUSTOM_MAX}`;
  }
  if (issue.code === 'too_small') return 'Description is required';
  if (issue.code === 'too_big') {
    return `Description must be at most ${SUPPORT_DESCRIPTION_MAX} characters`;
  }
  return undefined;
};

type Errors = Partial<Record<'amount' | 'description', string>>;

/** Only the keys that differ from what is saved. */
function changedSettings(saved: Settings, form: SupportFormValues): UpdateSupportSettingsBody {
  const changes: UpdateSupportSettingsBody = {};
  const enabled = form.enabled ? 'true' : 'false';
  if (enabled !== saved.support_enabled) changes.support_enabled = enabled;
  if (String(form.amount) !== saved.support_tier_1_amount) {
    changes.support_tier_1_amount = form.amount;
  }
  if (form.description !== saved.support_tier_1_description) {
    changes.support_tier_1_description = form.description;
  }
  return changes;
}

/** The keys that differ from what is saved, or the problems that keep the form from saving. */
export function supportChanges(
  saved: Settings,
  form: z.input<typeof supportFormSchema>,
): { changes: UpdateSupportSettingsBody } | { errors: Errors } {
  const parsed = supportFormSchema.safeParse(form, { error: supportWording });
  if (parsed.success) return { changes: changedSettings(saved, parsed.data) };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Errors;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function SupportForm({ saved }: { saved: Settings }) {
  const save = useUpdateSupportSettings();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useSchemaForm(supportFormSchema, {
    wording: supportWording,
    defaultValues: {
      enabled: saved.support_enabled === 'true',
      amount: saved.support_tier_1_amount,
      description: saved.support_tier_1_description,
    },
  });
  const description = useWatch({ control, name: 'description' });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      changedSettings(saved, values),
      settingsSaved('support settings', (settings: typeof saved) =>
        setValue('description', settings.support_tier_1_description),
      ),
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <Toggle
            label="Enable support section"
            hint="Shows the support section on the home page when a payment service is enabled."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field label="First tier amount (USD)" error={errors.amount?.message}>
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            min={SUPPORT_CUSTOM_MIN}
            max={SUPPORT_CUSTOM_MAX}
            {...register('amount')}
          />
        </Field>
        <Field
          label="First tier description"
          error={errors.description?.message}
          hint={`${description.length}/${SUPPORT_DESCRIPTION_MAX} characters`}
        >
          <Input maxLength={SUPPORT_DESCRIPTION_MAX} {...register('description')} />
        </Field>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Support Settings'}
      </Button>
    </form>
  );
}
