import { useEffect } from 'react';
import { ASSIST_SHORTCUTS } from '#shared/player/listening-assist';
import { SKIP_SECONDS } from '#shared/player/timing';
import { setRate, skipBy, stepRate, togglePlay } from './audio-actions';

/** The shortcuts, as the help popover lists them. */
export const SHORTCUTS: ReadonlyArray<{ keys: readonly string[]; action: string }> = [
  { keys: ['Space'], action: 'Play or pause' },
  { keys: ['←'], action: `Back ${SKIP_SECONDS} seconds` },
  { keys: ['→'], action: `Forward ${SKIP_SECONDS} seconds` },
  { keys: ['['], action: 'Slower' },
  { keys: [']'], action: 'Faster' },
  // The listening assist's (components/listening/assist, decision 034).
  ...ASSIST_SHORTCUTS.map(({ label, action }) => ({ keys: [label], action })),
  { keys: ['?'], action: 'Show these shortcuts' },
];

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Controls that use Space or the arrows themselves. */
const OWN_KEYS =
  'button, a[href], summary, [role="slider"], [role="switch"], [role="radio"], [role="menuitem"], [role="option"], [role="tab"], [data-w]';

/** Whether a key event belongs to the element it happened in rather than to the player. */
export function isOwnedByTarget(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest(TYPING)) return true;
  if (event.key === ' ' || event.key.startsWith('Arrow')) return target.closest(OWN_KEYS) !== null;
  return false;
}

/**
 * Space play/pause, ←/→ ±10 s, [ and ] slower/faster, ? the help. Ignored while typing, with
 * modifier keys, and for keys the focused control handles itself (Space on a button, arrows on a
 * slider).
 */
export function useKeyboardShortcuts(
  audio: HTMLAudioElement | null,
  options: { onHelp?: () => void; enabled?: boolean } = {},
) {
  const { onHelp, enabled = true } = options;
  useEffect(() => {
    if (!audio || !enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isOwnedByTarget(event)) return;
      switch (event.key) {
        case ' ':
          togglePlay(audio);
          break;
        case 'ArrowLeft':
          skipBy(audio, -SKIP_SECONDS);
          break;
        case 'ArrowRight':
          skipBy(audio, SKIP_SECONDS);
          break;
        case '[':
          setRate(audio, stepRate(audio.playbackRate, -1));
          break;
        case ']':
          setRate(audio, stepRate(audio.playbackRate, 1));
          break;
        case '?':
          if (!onHelp) return;
          onHelp();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [audio, enabled, onHelp]);
}
