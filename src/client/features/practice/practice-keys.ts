import { isTypingTarget } from '#client/lib/typing-target';

/** The practice screen's letter shortcuts (issue 25). */
export type PracticeShortcut = 'R' | 'S' | 'W';

/**
 * Whether `event` is a practice shortcut: its letter alone outside a text field, or with Alt
 * anywhere, so it works while the learner types a dictation (matched by the key's place, since
 * Alt changes the character it types on some systems).
 */
export function isShortcut(event: KeyboardEvent, letter: PracticeShortcut): boolean {
  if (event.ctrlKey || event.metaKey) return false;
  if (event.altKey) return event.code === `Key${letter}`;
  return !isTypingTarget(event.target) && event.key.toUpperCase() === letter;
}

/** The choice a digit key picks (0-based), or null: 1 to `count`, without modifiers. */
export function choiceOfKey(event: KeyboardEvent, count: number): number | null {
  if (event.ctrlKey || event.metaKey || event.altKey || !/^[1-9]$/.test(event.key)) return null;
  const choice = Number(event.key) - 1;
  return choice < count ? choice : null;
}
