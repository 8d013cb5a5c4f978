import { Globe } from 'lucide-react';
import {
  PLATFORM_DESCRIPTION_MAX,
  PLATFORM_NAME_MAX,
  platformSettingsSchema,
  type PlatformSettings as Settings,
} from '#shared/contracts/admin-settings';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input, Textarea } from '#client/components/ui/input';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { usePlatformSettings } from '../api/get-platform-settings';
import { useUpdatePlatformSettings } from '../api/update-platform-settings';
import { SectionState, SettingsSection } from './settings-section';
import { settingsSaved } from './settings-saved';

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

function PlatformForm({ initial }: { initial: Settings }) {
  const save = useUpdatePlatformSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(platformSettingsSchema, { defaultValues: initial });

  const onSubmit = handleSubmit((settings) =>
    save.mutate(
      settings,
      settingsSaved('platform settings', (saved: Settings) => reset(saved)),
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <Field label="Platform name" error={errors.platformName?.message}>
        <Input maxLength={PLATFORM_NAME_MAX} {...register('platformName')} />
      </Field>
      <Field label="Description" error={errors.platformDescription?.message}>
        <Textarea
          maxLength={PLATFORM_DESCRIPTION_MAX}
          rows={3}
          className="min-h-24"
          {...register('platformDescription')}
        />
      </Field>
      <Field
        label="Support email"
        error={errors.supportEmail?.message}
        hint="Where visitors can write for help (optional)."
      >
        <Input type="email" autoComplete="off" {...register('supportEmail')} />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
