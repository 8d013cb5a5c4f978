import { useCallback } from 'react';
import { withReturnPath } from '#shared/return-path';
import { useAuth } from '#client/lib/auth/auth-context';
import { explainLoginRequired } from '#client/lib/auth/explain-login-required';
import { usePreviewMode, withPreview } from '#client/lib/preview';

export interface ListenTarget {
  /**
   * Where the link goes: the player, or for a visitor on a story that needs an account /auth,
   * which returns to that chapter's player after signing in.
   */
  to: string;
  /** Run on click: tells the visitor why they are sent to sign in. */
  onClick?: () => void;
}

/**
 * Where a "listen" control leads (or, with `page: 'practice'`, a chapter's "Practise" link). A
 * visitor on a story that requires login is told so (spec: 'Login required' / 'Please sign in to
 * access this story') and sent to /auth, which brings them back to the chapter once signed in
 * (issue 23), as the library's "Login to View" and the player's sign-in prompt do. From a preview
 * the player opens as a preview too.
 */
export function useListenLink() {
  const { user } = useAuth();
  const signedIn = user !== null;
  const { preview } = usePreviewMode();
  return useCallback(
    (
      story: { requiresLogin: boolean },
      chapterId: string,
      page: 'player' | 'practice' = 'player',
    ): ListenTarget => {
      const target =
        page === 'practice'
          ? `/practice/${chapterId}`
          : withPreview(`/player/${chapterId}`, preview);
      return story.requiresLogin && !signedIn
        ? { to: withReturnPath('/auth', target), onClick: explainLoginRequired }
        : { to: target };
    },
    [signedIn, preview],
  );
}
