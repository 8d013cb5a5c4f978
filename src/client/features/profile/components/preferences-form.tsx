import { useId, useState } from 'react';
import type { Preferences } from '#shared/contracts/me';
import { translationLanguageMessages } from '#shared/contracts/translate';
import { Field } from '#client/components/ui/field';
import { Checkbox, Label, Select } from '#client/components/ui/input';
import { Slider } from '#client/components/ui/slider';
import { useUpdatePreferences } from '#client/lib/api/me/update-preferences';
import { useTranslationLanguages } from '#client/lib/api/translate';
import { useTheme, type ThemePreference } from '#client/lib/theme';
import { toast } from '#client/lib/toast';

type Language = Preferences['preferredLanguage'];

// Records keyed by the contract's unions: a new language or theme fails to compile until listed.
const languages: Record<Language, string> = {
  en: 'English',
  es: 'Español (Spanish)',
  fr: 'Français (French)',
  de: 'Deutsch (German)',
};
const themeLabels: Record<Preferences['theme'], string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Automatic (system)',
};

/** Spec: playback speed 0.5 to 2, step 0.25. */
const SPEED = { min: 0.5, max: 2, step: 0.25 } as const;
export const formatSpeed = (speed: number) => `${speed}×`;

export interface PreferencesFormProps {
  preferences: Preferences;
}

const pick = (from: Preferences, keys: ReadonlyArray<keyof Preferences>): Partial<Preferences> =>
  Object.fromEntries(keys.map((key) => [key, from[key]]));

/**
 * Every change is saved at once, one field at a time (spec: the changed field is upserted). The
 * controls show the new value immediately (local state, so a checkbox never flips back while its
 * request runs) and return to the saved value if the server refuses it.
 */
export function PreferencesForm({ preferences }: PreferencesFormProps) {
  const ids = useId();
  const update = useUpdatePreferences();
  const theme = useTheme();
  const [values, setValues] = useState<Preferences>(preferences);
  const speed = values.playbackSpeed;
  // Only the languages this site can serve (decision 038); English until they are known.
  const served = useTranslationLanguages().data;
  const servable = served ?? ['en'];
  const languageServed = servable.includes(values.preferredLanguage);
  // Nothing to choose: said in words rather than as a menu of one (issue 14).
  const onlyEnglish = served !== undefined && served.length === 1 && served[0] === 'en';

  function save(changes: Partial<Preferences>, onFailure?: () => void) {
    setValues((current) => ({ ...current, ...changes }));
    update.mutate(changes, {
      onSuccess: () => toast.success('Preferences updated'),
      onError: () => {
        const changed = Object.keys(changes) as Array<keyof Preferences>;
        setValues((current) => ({ ...current, ...pick(preferences, changed) }));
        onFailure?.();
        toast.error('Failed to update preferences. Please try again.');
      },
    });
  }

  function onThemeChange(next: ThemePreference) {
    const previous = theme.preference;
    // The whole app changes at once; it returns to the previous theme if the save fails.
    theme.setPreference(next);
    save({ theme: next }, () => theme.setPreference(previous));
  }

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <Label id={`${ids}-speed`}>Playback speed</Label>
          <output className="font-medium text-ink tabular-nums" aria-live="off">
            {formatSpeed(speed)}
          </output>
        </div>
        <Slider
          min={SPEED.min}
          max={SPEED.max}
          step={SPEED.step}
          value={[speed]}
          thumbLabelledBy={`${ids}-speed`}
          valueText={formatSpeed(speed)}
          onValueChange={([value]) => {
            if (value !== undefined) setValues((current) => ({ ...current, playbackSpeed: value }));
          }}
          onValueCommit={([value]) => {
            if (value !== undefined && value !== preferences.playbackSpeed) {
              save({ playbackSpeed: value });
            }
          }}
        />
        <div aria-hidden="true" className="flex justify-between text-xs text-ink-muted">
          <span>{formatSpeed(SPEED.min)}</span>
          <span>{formatSpeed(SPEED.max)}</span>
        </div>
      </div>

      <div className="space-y-4">
        <Field
          label="Auto-play next chapter"
          hint="Start the next chapter when one ends."
          layout="inline"
        >
          <Checkbox
            checked={values.autoPlayNext}
            onChange={(event) => save({ autoPlayNext: event.target.checked })}
          />
        </Field>
        <Field
          label="Show translations"
          hint="Show the translation of each transcript line while you listen."
          layout="inline"
        >
          <Checkbox
            checked={values.showTranslations}
            onChange={(event) => save({ showTranslations: event.target.checked })}
          />
        </Field>
      </div>

      {onlyEnglish ? (
        <div className="space-y-1.5" role="group" aria-labelledby={`${ids}-language`}>
          <p id={`${ids}-language`} className="text-sm font-medium text-ink">
            Translation language
          </p>
          <p className="text-ink">
            English — more languages appear when a translation service is configured
          </p>
          {languageServed ? null : (
            <p className="text-sm text-ink-muted">
              {translationLanguageMessages.fallbackNote(values.preferredLanguage)}
            </p>
          )}
        </div>
      ) : (
        <Field
          label="Translation language"
          hint={
            languageServed
              ? 'The language translations are shown in.'
              : translationLanguageMessages.fallbackNote(values.preferredLanguage)
          }
        >
          <Select
            className="max-w-xs"
            value={languageServed ? values.preferredLanguage : 'en'}
            onChange={(event) => save({ preferredLanguage: event.target.value as Language })}
          >
            {servable.map((code) => (
              <option key={code} value={code}>
                {languages[code]}
              </option>
            ))}
          </Select>
        </Field>
      )}

      <fieldset>
        <legend className="text-sm font-medium text-ink">Theme</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {(Object.keys(themeLabels) as ThemePreference[]).map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent-soft-ink has-focus-visible:outline-2 has-focus-visible:outline-focus"
            >
              <input
                type="radio"
                name={`${ids}-theme`}
                value={value}
                checked={theme.preference === value}
                onChange={() => onThemeChange(value)}
                className="accent-accent"
              />
              {themeLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
