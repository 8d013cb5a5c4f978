import { useState, type FormEvent } from 'react';
import { HeartHandshake } from 'lucide-react';
import {
  SUPPORT_CUSTOM_MAX,
  SUPPORT_CUSTOM_MIN,
  SUPPORT_DESCRIPTION_MAX,
  type UpdateSupportSettingsBody,
} from '#shared/contracts/support';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/lib/toast';
import { useSupportSettings, type SupportSettings as Settings } from '../api/get-support-settings';
import { useUpdateSupportSettings } from '../api/update-support-settings';
import { InputField } from './form-field';
import { SectionState, SettingsSection } from './settings-section';
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

type Errors = Partial<Record<'amount' | 'description', string>>;

/** The keys that differ from what is saved, or the problems that keep the form from saving. */
export function supportChanges(
  saved: Settings,
  form: { enabled: boolean; amount: string; description: string },
): { changes: UpdateSupportSettingsBody } | { errors: Errors } {
  const errors: Errors = {};
  const amount = Number(form.amount);
  if (
    form.amount.trim() === '' ||
    !Number.isInteger(amount) ||
    amount < SUPPORT_CUSTOM_MIN ||
    amount > SUPPORT_CUSTOM_MAX
  ) {
    errors.amount = `Enter a whole number from ${SUPPORT_CUSTOM_MIN} to ${SUPPORT_CUSTOM_MAX}`;
  }
  const description = form.description.trim();
  if (description === '') errors.description = 'Description is required';
  else if (description.length > SUPPORT_DESCRIPTION_MAX) {
    errors.description = `Description must be at most ${SUPPORT_DESCRIPTION_MAX} characters`;
  }
  if (errors.amount || errors.description) return { errors };

  const changes: UpdateSupportSettingsBody = {};
  const enabled = form.enabled ? 'true' : 'false';
  if (enabled !== saved.support_enabled) changes.support_enabled = enabled;
  if (String(amount) !== saved.support_tier_1_amount) changes.support_tier_1_amount = amount;
  if (description !== saved.support_tier_1_description) {
    changes.support_tier_1_description = description;
  }
  return { changes };
}

function SupportForm({ saved }: { saved: Settings }) {
  const [enabled, setEnabled] = useState(saved.support_enabled === 'true');
  const [amount, setAmount] = useState(saved.support_tier_1_amount);
  const [description, setDescription] = useState(saved.support_tier_1_description);
  const [errors, setErrors] = useState<Errors>({});
  const save = useUpdateSupportSettings();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = supportChanges(saved, { enabled, amount, description });
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.changes, {
      onSuccess: ({ settings }) => {
        setDescription(settings.support_tier_1_description);
        toast.success('Settings saved');
      },
      onError: () =>
        toast.error('Error', { description: 'Failed to save support settings. Please try again.' }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Toggle
        label="Enable support section"
        hint="Shows the support section on the home page when a payment service is enabled."
        checked={enabled}
        onCheckedChange={setEnabled}
      />
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <InputField
          label="First tier amount (USD)"
          type="number"
          inputMode="numeric"
          step={1}
          min={SUPPORT_CUSTOM_MIN}
          max={SUPPORT_CUSTOM_MAX}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
        <InputField
          label="First tier description"
          maxLength={SUPPORT_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
          hint={`${description.length}/${SUPPORT_DESCRIPTION_MAX} characters`}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Support Settings'}
      </Button>
    </form>
  );
}
