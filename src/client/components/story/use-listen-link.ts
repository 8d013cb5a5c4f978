import { useCallback } from 'react';
import { useAuth } from '#client/lib/auth/auth-context';
import { explainLoginRequired } from '#client/lib/auth/explain-login-required';
import { usePreviewMode, withPreview } from '#client/lib/preview';

export interface ListenTarget {
  /** Where the link goes: the player, or /auth for a visitor on a story that needs an account. */
  to: string;
  /** Run on click: tells the visitor why they are sent to sign in. */
  onClick?: () => void;
}

/**
 * Where a "listen" control leads. A visitor on a story that requires login is told so (spec:
 * 'Login required' / 'Please sign in to access this story') and sent to /auth. From a preview
 * the player opens as a preview too.
 */
export function useListenLink() {
  const { user } = useAuth();
  const signedIn = user !== null;
  const { preview } = usePreviewMode();
  return useCallback(
    (story: { requiresLogin: boolean }, chapterId: string): ListenTarget =>
      story.requiresLogin && !signedIn
        ? { to: '/auth', onClick: explainLoginRequired }
        : { to: withPreview(`/player/${chapterId}`, preview) },
    [signedIn, preview],
  );
}
