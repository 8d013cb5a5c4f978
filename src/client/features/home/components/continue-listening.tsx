import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '#client/lib/auth/auth-context';
import { useFailureToast } from '#client/lib/use-failure-toast';
import { useRecentChapters } from '#client/lib/api/progress/get-recent-chapters';

/** Spec: up to 3 recent chapters. */
const RECENT_LIMIT = 3;

// Only signed-in learners with something to continue see the cards: a visitor's first load of /
// does not carry them (decision 039). The chunk is requested together with the chapters.
const loadRecentChapters = () => import('./recent-chapters');
const RecentChapters = lazy(loadRecentChapters);

/**
 * 'Continue Where You Left Off': a signed-in learner's last chapters, newest first. Hidden for
 * visitors and when there is nothing to continue; a failed load toasts and shows nothing (spec).
 * It opens the home page, above the hero (issue 14: visible without scrolling for a returning
 * learner), so nothing stands in its place while the session is checked or the cards load.
 */
export function ContinueListening() {
  const { status, user } = useAuth();
  const signedIn = user !== null;
  const recent = useRecentChapters(signedIn);
  useFailureToast(signedIn && recent.isError, 'Failed to load recent progress');
  useEffect(() => {
    if (signedIn) void loadRecentChapters();
  }, [signedIn]);

  if (status === 'loading' || user === null) return null;
  const chapters = (recent.data ?? []).slice(0, RECENT_LIMIT);
  if (chapters.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RecentChapters chapters={chapters} />
    </Suspense>
  );
}
