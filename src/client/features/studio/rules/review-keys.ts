/**
 * Review mode's keys (decision 047), as a pure rule from a key press to a command, so what each
 * key does where is tested without a browser. The screen shows the same list (REVIEW_KEYS).
 */

export type ReviewCommand =
  | { type: 'approve' }
  | { type: 'edit-translation' }
  | { type: 'replay' }
  /** "Gloss n is wrong": offer its other senses. */
  | { type: 'gloss'; number: number }
  | { type: 'accept-timing' }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'save' }
  | { type: 'close' }
  /** While choosing a gloss: sense n. */
  | { type: 'choose'; number: number }
  /** While choosing a gloss: a letter starts one's own gloss. */
  | { type: 'type-gloss'; text: string };

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
}

/** Where the key was pressed: in a field being typed in, on a button or link, or elsewhere. */
export type KeyTarget = 'text' | 'control' | 'other';

/** What the review shows: a sentence, a sentence's gloss choices, its translation being edited, the summary. */
export type KeyContext = 'sentence' | 'choosing' | 'editing' | 'summary';

const DIGIT = /^[1-9]$/;
const LETTER = /^\p{L}$/u;

export function reviewCommand(
  press: KeyPress,
  target: KeyTarget,
  context: KeyContext,
): ReviewCommand | null {
  if (press.isComposing) return null;
  const key = press.key;
  const lower = key.length === 1 ? key.toLocaleLowerCase('en') : key;
  // Ctrl+S (⌘S) saves from anywhere, a field included, instead of the browser saving the page.
  if ((press.ctrlKey || press.metaKey) && !press.altKey && lower === 's') return { type: 'save' };
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  // A field takes its own keys (Enter and Esc there are the editor's).
  if (target === 'text') return null;
  if (key === 'Escape')
    return context === 'sentence' || context === 'summary' ? null : { type: 'close' };
  // A held key must not approve a run of sentences: only the arrows repeat.
  const arrow = key === 'ArrowLeft' || key === 'ArrowRight';
  if (press.repeat && !arrow) return null;

  if (context === 'choosing') {
    if (DIGIT.test(key)) return { type: 'choose', number: Number(key) };
    if (LETTER.test(key)) return { type: 'type-gloss', text: key };
    return null;
  }
  if (context === 'editing') return null;

  if (key === 'ArrowLeft') return { type: 'previous' };
  if (lower === 's') return { type: 'save' };
  if (context === 'summary') return null;

  if (key === 'ArrowRight') return { type: 'next' };
  // On a button, Enter and Space press that button.
  if (key === 'Enter') return target === 'control' ? null : { type: 'approve' };
  if (key === ' ') return target === 'control' ? null : { type: 'replay' };
  if (lower === 'r') return { type: 'replay' };
  if (lower === 'e') return { type: 'edit-translation' };
  if (lower === 't') return { type: 'accept-timing' };
  if (DIGIT.test(key)) return { type: 'gloss', number: Number(key) };
  return null;
}

/** The keys as the screen lists them (the same as reviewCommand's). */
export const REVIEW_KEYS: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['Enter'], action: 'Approve the sentence with its glosses, go to the next' },
  { keys: ['E'], action: 'Edit the translation (Enter keeps it, Esc cancels)' },
  { keys: ['R', 'Space'], action: 'Play the sentence again' },
  { keys: ['1–9'], action: 'That gloss is wrong: choose another sense, or type one' },
  { keys: ['T'], action: 'Accept the doubtful timing' },
  { keys: ['←', '→'], action: 'Previous or next sentence, without approving' },
  { keys: ['S'], action: 'Save now' },
];
