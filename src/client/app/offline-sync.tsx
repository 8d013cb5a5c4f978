import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '#client/lib/auth/auth-context';

/**
 * Runs the app-wide flusher of the learner-sync engine (decision 057) for the signed-in learner;
 * renders nothing. Its code is loaded only for a signed-in learner, after the first render:
 * visitors never load it.
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./learner-sync').then(
      ({ startLearnerSync }) => {
        if (!left) stop = startLearnerSync(userId, queryClient);
      },
      () => undefined, // Offline before the chunk was cached: the next visit flushes.
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [userId, queryClient]);
  return null;
}
