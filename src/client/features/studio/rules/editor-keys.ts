import type { KeyPress, KeyTarget } from './review-keys';

/**
 * The full editor's one key to accept a doubtful timing: T, as in review mode, pressed on a word's
 * start or in its row (never while typing in a field, never held down, without Ctrl, ⌘ or Alt, so
 * the browser's own shortcuts stay). The editor's other keys (arrows, Enter, Space, J, Esc) are
 * the timing keys and tap-along's: T clashes with none.
 */
export const isAcceptTimingKey = (press: KeyPress, target: KeyTarget): boolean =>
  !press.isComposing &&
  !press.repeat &&
  !press.ctrlKey &&
  !press.metaKey &&
  !press.altKey &&
  target !== 'text' &&
  press.key.toLocaleLowerCase('en') === 't';
