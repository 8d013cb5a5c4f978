import { useEffect, type RefObject } from 'react';

/**
 * A controlled input of a server-rendered page, typed into before the page hydrated: React keeps
 * what the DOM shows but not in the state, so the page ignores it and the next render erases it.
 * On the first commit, a DOM value that differs from `value` is handed to `onChange` instead.
 * (Forms on useSchemaForm need none of this: their registered fields are read at hydration.)
 */
export function useValueTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  onChange: (typed: string) => void,
): void {
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once: later differences are React's own updates, already in the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
