/**
 * The word rule of every transcript we make (the demo library's build and the content studio): a
 * word is a run of letters and digits, with an inner apostrophe or hyphen kept inside it
 * ("d'Artagnan", "hispano-árabe"); punctuation stays in the sentence's text only. A word's text is
 * exactly as written (accents, capitals).
 */
export interface WordToken {
  text: string;
  /** Offset of the first character in the sentence text (UTF-16 units). */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

const wordPattern = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

/** The words of a sentence, in order, with where each sits in the text. */
export function tokenizeWords(text: string): WordToken[] {
  return Array.from(text.matchAll(wordPattern), (match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Whether a text holds at least one word by the rule above. */
export function hasWords(text: string): boolean {
  return new RegExp(wordPattern.source, 'u').test(text);
}
