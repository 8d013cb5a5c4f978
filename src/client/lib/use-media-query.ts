import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  const get = () => typeof matchMedia === 'function' && matchMedia(query).matches;
  return useSyncExternalStore(subscribe, get, () => false);
}

/** The spec's mobile breakpoint. */
export const DESKTOP_QUERY = '(min-width: 768px)';
