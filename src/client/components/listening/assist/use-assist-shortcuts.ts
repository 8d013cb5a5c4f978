import { useEffect, useRef } from 'react';
import { ASSIST_SHORTCUTS, type AssistShortcutKey } from '#shared/player/listening-assist';
import { isOwnedByTarget } from '#client/components/audio/use-keyboard-shortcuts';

const KEYS = new Set<string>(ASSIST_SHORTCUTS.map(({ key }) => key));

/**
 * The assist's keys (listed in the shortcuts help with the player's own): ignored while typing,
 * with Ctrl, Cmd or Alt, and when another listener already handled the key.
 */
export function useAssistShortcuts(
  enabled: boolean,
  onKey: (key: AssistShortcutKey) => void,
): void {
  const onKeyRef = useRef(onKey);
  useEffect(() => {
    onKeyRef.current = onKey;
  }, [onKey]);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isOwnedByTarget(event)) return;
      const key = event.key.toLowerCase();
      if (!KEYS.has(key)) return;
      event.preventDefault();
      onKeyRef.current(key as AssistShortcutKey);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
