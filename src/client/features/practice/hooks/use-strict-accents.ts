import { useCallback, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { preferencesQueryOptions } from '#client/lib/api/me/get-preferences';
import { useUpdatePreferences } from '#client/lib/api/me/update-preferences';
import { isApiError } from '#client/lib/api-client';
import { storedSettings } from '#client/lib/stored-settings';
import { toast } from '#client/lib/toast';
import { practiceTexts } from '../practice-texts';

/** localStorage: a visitor's practice settings (a signed-in learner's are in the account). */
export const PRACTICE_SETTINGS_KEY = 'relatos.practice';

interface PracticeSettings {
  strictAccents: boolean;
}

const parseSettings = (raw: string | null): PracticeSettings => {
  try {
    const value = raw === null ? null : (JSON.parse(raw) as { strictAccents?: unknown } | null);
    return { strictAccents: value?.strictAccents === true };
  } catch {
    return { strictAccents: false };
  }
};

const visitorStore = storedSettings(PRACTICE_SETTINGS_KEY, parseSettings);
const serverSettings: PracticeSettings = { strictAccents: false };

/**
 * Whether accents count when an answer is graded (decision 066; off by default): the account's
 * `strictAccents` preference for a signed-in learner (shown at once, saved in the background,
 * put back with a message if the save fails), this device's choice for a visitor.
 */
export function useStrictAccents(signedIn: boolean): {
  strict: boolean;
  setStrict: (strict: boolean) => void;
} {
  const visitor = useSyncExternalStore(
    visitorStore.subscribe,
    visitorStore.get,
    () => serverSettings,
  );
  const preferences = useQuery({ ...preferencesQueryOptions(), enabled: signedIn });
  const update = useUpdatePreferences();
  const { mutate } = update;
  const pending = update.isPending ? update.variables.strictAccents : undefined;
  const strict = signedIn
    ? (pending ?? preferences.data?.strictAccents ?? false)
    : visitor.strictAccents;

  const setStrict = useCallback(
    (value: boolean) => {
      if (!signedIn) {
        visitorStore.save({ strictAccents: value });
        return;
      }
      mutate(
        { strictAccents: value },
        {
          onError: (error) =>
            toast.error(practiceTexts.strictAccentsFailed, {
              id: 'strict-accents-failed',
              description: isApiError(error) ? error.message : undefined,
            }),
        },
      );
    },
    [signedIn, mutate],
  );
  return { strict, setStrict };
}
