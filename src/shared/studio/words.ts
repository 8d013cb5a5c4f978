/**
 * The word rule of every transcript we make (the demo library's build, the content studio and its
 * aligner): a word is a run of letters and digits, with an inner apostrophe or hyphen kept inside
 * it ("d'Artagnan", "hispano-árabe"); punctuation stays in the sentence's text only. A word's text
 * is exactly as written (accents, capitals).
 *
 * A number is one word however it is written (issue 21): a `.`, `,` or `:` between two digits
 * stays inside it (`15.000`, `1.000.000`, `3,5`, `9:30`, `10:45:30`), and so does the period of
 * an ordinal (`1.º`, `2.ª`, `1.er`, `3.os`; `2º` and `3ª` are runs of letters and digits already).
 * A learner hears, reads and looks up `15.000` as one word, as eSpeak says it ("quince mil"); a
 * period after a number that nothing follows ends the sentence (`Tengo 3.`), not the number.
 */
export interface WordToken {
  text: string;
  /** Offset of the first character in the sentence text (UTF-16 units). */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

const RUN = String.raw`[\p{L}\p{M}\p{N}]+`;
/** An apostrophe or hyphen inside a word, or a number's separator between two digits. */
const INNER = String.raw`(?:['’-]|(?<=\p{Nd})[.,:](?=\p{Nd}))`;
/** The period of an abbreviated ordinal: `1.º`, `1.ª`, `1.er`, `1.os`, `1.as`. */
const ORDINAL_PERIOD = String.raw`(?:(?<=\p{Nd})\.(?:[ºª]|er|os|as)(?![\p{L}\p{M}\p{N}]))`;
const wordPattern = new RegExp(`${RUN}(?:${INNER}${RUN})*${ORDINAL_PERIOD}?`, 'gu');

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
