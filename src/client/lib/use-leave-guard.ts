import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** How the administrator was leaving when the guard stopped them. */
type PendingLeave =
  { kind: 'link'; to: string } | { kind: 'back' } | { kind: 'call'; leave: () => void };

/**
 * Asks before unsaved changes are left behind (issue 12), everywhere one can leave from:
 * - closing or reloading the tab, or going to another site: the browser's own question;
 * - a link of the app: caught as it is clicked (the app's declarative router has no navigation
 *   blocker; react-router's Link does nothing for a click already prevented);
 * - the browser's Back: while `unsaved`, a copy of the current history entry is pushed, so Back
 *   first lands on the same page, where the guard asks; Leave then goes back for real;
 * - a way out inside the page (a 'Back to Dashboard' button): `attempt(leave)`.
 * The page shows its dialog while `pending` and answers with `stay` or `leave`.
 */
export function useLeaveGuard(unsaved: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<PendingLeave | null>(null);
  /** The pushed copy of this entry is still on top of the history. */
  const copyOnTop = useRef(false);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is returned.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.target && link.target !== '_self') return;
      if (link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      // Another site: the browser asks (beforeunload).
      if (url.origin !== window.location.origin) return;
      if (url.pathname === location.pathname && url.search === location.search) return;
      event.preventDefault();
      setPending({ kind: 'link', to: `${url.pathname}${url.search}${url.hash}` });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [unsaved, location.pathname, location.search]);

  useEffect(() => {
    if (!unsaved) return;
    // The same entry again (same address, same router state): Back comes back to this page.
    window.history.pushState(window.history.state, '', window.location.href);
    copyOnTop.current = true;
    const onPopState = () => {
      if (!copyOnTop.current) return;
      copyOnTop.current = false;
      setPending({ kind: 'back' });
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Saved, or left from inside the page: the copy goes, so Back is one step again.
      if (copyOnTop.current) {
        copyOnTop.current = false;
        window.history.back();
      }
    };
  }, [unsaved]);

  const attempt = useCallback(
    (leave: () => void) => {
      if (unsaved) setPending({ kind: 'call', leave });
      else leave();
    },
    [unsaved],
  );

  const stay = useCallback(() => {
    if (pending?.kind === 'back') {
      window.history.pushState(window.history.state, '', window.location.href);
      copyOnTop.current = true;
    }
    setPending(null);
  }, [pending]);

  const leave = useCallback(() => {
    if (pending === null) return;
    setPending(null);
    if (pending.kind === 'back') {
      window.history.back();
    } else if (pending.kind === 'link') {
      // In place of the copy, which is then no longer there to take away.
      const replace = copyOnTop.current;
      copyOnTop.current = false;
      void navigate(pending.to, { replace });
    } else {
      pending.leave();
    }
  }, [pending, navigate]);

  return { pending: pending !== null, attempt, stay, leave };
}

export type LeaveGuard = ReturnType<typeof useLeaveGuard>;
