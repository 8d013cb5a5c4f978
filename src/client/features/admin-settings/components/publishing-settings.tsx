import { useId } from 'react';
import { BadgeCheck } from 'lucide-react';
import {
  publishingSettingsSchema,
  unreviewedPolicies,
  unreviewedPolicyLabels,
  type PublishingSettings as Settings,
} from '#shared/contracts/publishing';
import { Button } from '#client/components/ui/button';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { usePublishingSettings } from '../api/get-publishing-settings';
import { useUpdatePublishingSettings } from '../api/update-publishing-settings';
import { SectionState, SettingsSection } from './settings-section';
import { settingsSaved } from './settings-saved';

/**
 * Publishing: whether translations and glosses no person has reviewed may reach learners
 * (decision 043). Saved with its button: arrow keys move through a radio group, and each step
 * must not change what learners may be shown.
 */
export function PublishingSettings() {
  const settings = usePublishingSettings();
  return (
    <SettingsSection
      title="Publishing"
      description="What may reach learners before a person has reviewed it."
      icon={BadgeCheck}
    >
      <SectionState
        isPending={settings.isPending}
        isError={settings.isError}
        loadingLabel="Loading publishing settings..."
        errorTitle="Publishing settings unavailable"
        onRetry={() => void settings.refetch()}
      >
        {() => <PublishingForm initial={settings.data!} />}
      </SectionState>
    </SettingsSection>
  );
}

function PublishingForm({ initial }: { initial: Settings }) {
  const save = useUpdatePublishingSettings();
  const ids = useId();
  const { register, handleSubmit, reset } = useSchemaForm(publishingSettingsSchema, {
    defaultValues: initial,
  });

  const onSubmit = handleSubmit((settings) =>
    save.mutate(
      settings,
      settingsSaved('publishing settings', (saved: Settings) => reset(saved)),
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <fieldset>
        <legend className="font-medium text-ink">Unreviewed machine translations</legend>
        <p className="mt-1 text-sm text-ink-muted">
          Sentence translations and word glosses a machine proposed that no one has approved in the
          studio.
        </p>
        <div className="mt-3 space-y-2">
          {unreviewedPolicies.map((policy) => (
            <label
              key={policy}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3 has-checked:border-accent has-checked:bg-accent-soft/60 has-focus-visible:outline-2 has-focus-visible:outline-focus"
            >
              <input
                type="radio"
                value={policy}
                aria-describedby={`${ids}-${policy}`}
                className="mt-1 accent-accent"
                {...register('unreviewedMachineOutput')}
              />
              <span>
                <span className="block font-medium text-ink">
                  {unreviewedPolicyLabels[policy].label}
                </span>
                <span id={`${ids}-${policy}`} className="block text-sm text-ink-muted">
                  {unreviewedPolicyLabels[policy].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Publishing Settings'}
      </Button>
    </form>
  );
}
