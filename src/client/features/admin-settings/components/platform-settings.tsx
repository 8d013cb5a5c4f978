import { useState, type FormEvent } from 'react';
import { Globe } from 'lucide-react';
import {
  PLATFORM_DESCRIPTION_MAX,
  PLATFORM_NAME_MAX,
  platformSettingsSchema,
  type PlatformSettings as Settings,
} from '#shared/contracts/admin-settings';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/lib/toast';
import { usePlatformSettings } from '../api/get-platform-settings';
import { useUpdatePlatformSettings } from '../api/update-platform-settings';
import { InputField, TextareaField } from './form-field';
import { SectionState, SettingsSection } from './settings-section';

/** Platform Settings: the platform's name, description and support email. */
export function PlatformSettings() {
  const settings = usePlatformSettings();
  return (
    <SettingsSection
      title="Platform Settings"
      description="How the platform presents itself."
      icon={Globe}
    >
      <SectionState
        isPending={settings.isPending}
        isError={settings.isError}
        loadingLabel="Loading platform settings..."
        errorTitle="Platform settings unavailable"
        onRetry={() => void settings.refetch()}
      >
        {() => <PlatformForm initial={settings.data!} />}
      </SectionState>
    </SettingsSection>
  );
}

type Errors = Partial<Record<keyof Settings, string>>;

function PlatformForm({ initial }: { initial: Settings }) {
  const [values, setValues] = useState<Settings>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const save = useUpdatePlatformSettings();
  const set = (field: keyof Settings) => (value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = platformSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Settings;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: ({ settings }) => {
        setValues(settings);
        toast.success('Settings saved');
      },
      onError: () =>
        toast.error('Error', {
          description: 'Failed to save platform settings. Please try again.',
        }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <InputField
        label="Platform name"
        maxLength={PLATFORM_NAME_MAX}
        value={values.platformName}
        onChange={(event) => set('platformName')(event.target.value)}
        error={errors.platformName}
      />
      <TextareaField
        label="Description"
        maxLength={PLATFORM_DESCRIPTION_MAX}
        rows={3}
        value={values.platformDescription}
        onChange={(event) => set('platformDescription')(event.target.value)}
        error={errors.platformDescription}
      />
      <InputField
        label="Support email"
        type="email"
        autoComplete="off"
        value={values.supportEmail}
        onChange={(event) => set('supportEmail')(event.target.value)}
        error={errors.supportEmail}
        hint="Where visitors can write for help (optional)."
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
