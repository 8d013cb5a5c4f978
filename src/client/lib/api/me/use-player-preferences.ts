import { useQuery } from '@tanstack/react-query';
import { defaultPreferences } from '#shared/contracts/me';
import { preferencesQueryOptions } from './get-preferences';

/**
 * The signed-in learner's preferences; a visitor (or a failed read) gets the defaults. `ready`
 * once the session is known and, for a learner, the preferences are read.
 */
export function usePlayerPreferences(signedIn: boolean, sessionKnown = true) {
  const query = useQuery({ ...preferencesQueryOptions(), enabled: signedIn });
  return {
    preferences: query.data ?? defaultPreferences,
    ready: sessionKnown && (!signedIn || query.isFetched),
  };
}
