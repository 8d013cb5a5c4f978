import { useEffect, useEffectEvent } from 'react';

/** What a key does on the questions page: pick an option (1–4), or Enter (check, then go on). */
export type ComprehensionKey = { pick: number } | 'enter';

/** A control that answers Enter itself (a button, a link) or takes typed text. */
const OWN_ENTER =
  'button, a[href], select, textarea, input:not([type="radio"]), [contenteditable="true"]';
const TYPING = 'select, textarea, input:not([type="radio"]), [contenteditable="true"]';

/** The page's meaning of a key press, or null when the key is not the page's to handle. */
export function comprehensionKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): ComprehensionKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (event.key === 'Enter') return target?.closest(OWN_ENTER) ? null : 'enter';
  if (/^[1-9]$/.test(event.key) && !target?.closest(TYPING)) {
    return { pick: Number(event.key) - 1 };
  }
  return null;
}

/** Keyboard use of the questions (issue 25): 1–4 pick an answer, Enter confirms, then goes on. */
export function useComprehensionKeys(
  handlers: { onPick: (option: number) => void; onEnter: () => void },
  enabled: boolean,
): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const key = comprehensionKey(event);
    if (!key || event.defaultPrevented) return;
    event.preventDefault();
    if (key === 'enter') handlers.onEnter();
    else handlers.onPick(key.pick);
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
