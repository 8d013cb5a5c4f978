import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { historyGuards } from './history-guard';

/** How the administrator was leaving when the guard stopped them. */
type PendingLeave =
  | { kind: 'link'; to: string }
  /** Back or Forward, `delta` history entries away. */
  | { kind: 'history'; delta: number }
  | { kind: 'call'; leave: () => void };

/** The place react-router's history keeps in each entry's state (`idx`), if any. */
function entryIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Asks before unsaved changes are left behind (issue 12, decision 023), wherever one leaves from:
 * - closing or reloading the tab, or going to another site: the browser's own question;
 * - a link of the app: caught as it is clicked (the app's declarative router has no navigation
 *   blocker; react-router's Link does nothing for a click already prevented);
 * - the browser's Back or Forward: the guard hears the history move before the router does
 *   (lib/history-guard.ts), returns to this entry at once and asks; Leave makes the same move
 *   again, and the router follows it;
 * - a way out inside the page (a 'Back to Dashboard' button): `attempt(leave)`.
 * The page shows its dialog while `pending` and answers with `stay` or `leave`.
 */
export function useLeaveGuard(unsaved: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<PendingLeave | null>(null);
  /** A history move the administrator chose to make: let through once. */
  const letThrough = useRef(false);

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
    const here = entryIndex(window.history.state);
    const guard = (event: PopStateEvent) => {
      if (letThrough.current) {
        letThrough.current = false;
        return false;
      }
      const there = entryIndex(event.state);
      // An entry the router did not make (another document's: the browser asks), or this one
      // again (the way back below): let it be.
      if (here === null || there === null || there === here) return false;
      window.history.go(here - there);
      setPending({ kind: 'history', delta: there - here });
      return true;
    };
    historyGuards.add(guard);
    return () => {
      historyGuards.delete(guard);
    };
  }, [unsaved]);

  const attempt = useCallback(
    (leave: () => void) => {
      if (unsaved) setPending({ kind: 'call', leave });
      else leave();
    },
    [unsaved],
  );

  const stay = useCallback(() => setPending(null), []);

  const leave = useCallback(() => {
    if (pending === null) return;
    setPending(null);
    if (pending.kind === 'history') {
      letThrough.current = true;
      window.history.go(pending.delta);
    } else if (pending.kind === 'link') {
      void navigate(pending.to);
    } else {
      pending.leave();
    }
  }, [pending, navigate]);

  return { pending: pending !== null, attempt, stay, leave };
}

export type LeaveGuard = ReturnType<typeof useLeaveGuard>;
