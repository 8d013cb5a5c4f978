import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Asks before unsaved changes are left behind: the browser's own question when the tab is
 * closed or reloaded, and the page's dialog (through `pending`) when a link of the app is
 * followed. The app's router has no navigation blocker, so links are caught as they are clicked.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
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
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (url.pathname === location.pathname && url.search === location.search) return;
      event.preventDefault();
      setPending(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, location.pathname, location.search]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    if (pending === null) return;
    setPending(null);
    void navigate(pending);
  }, [pending, navigate]);

  return { pending, stay, leave };
}
