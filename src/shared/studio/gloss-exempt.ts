import { isTopWord } from '../lexicon/index.ts';
import type { TranscriptSegment } from '../transcript.ts';
import { tokenizeWords, type WordToken } from './words.ts';

/**
 * Words a learner needs no gloss for (issue 21): numbers and times (`15.000`, `9:30`, `1.º`), names,
 * and tokens without a letter or digit (an imported transcript may carry a lone dash). Such a word
 * without a gloss does not keep its sentence from being complete; a gloss written for it is still
 * shown and reviewed like any other.
 *
 * A name is a capitalised word inside a sentence (`la calle Luna`), or a capitalised word the
 * built-in lexicon does not know where a sentence starts (`Lucía abre…`): a capital at a sentence
 * start alone says nothing (`Abre la puerta`). A rare common word at the start of a sentence is
 * taken for a name; its missing gloss then goes unnoticed, which is why the rule is this narrow.
 */

/** What may open a sentence inside a line, before a capital: end marks, dashes, quotes, ¿ ¡. */
const SENTENCE_OPENING = /[.?!…:;—–"«“¿¡(]/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const STARTS_WITH_DIGIT = /^\p{N}/u;
const STARTS_WITH_CAPITAL = /^\p{Lu}/u;

export type GlossExemption = 'number' | 'name' | 'no-letters';

export interface ExemptedToken extends WordToken {
  /** Why this word needs no gloss, or null when it needs one. */
  exemption: GlossExemption | null;
}

/** The words of a sentence's text (words.ts), each with why it needs no gloss. */
export function textExemptions(text: string): ExemptedToken[] {
  let previousEnd = 0;
  return tokenizeWords(text).map((token, index) => {
    const gap = text.slice(previousEnd, token.start);
    previousEnd = token.end;
    const atSentenceStart = index === 0 || SENTENCE_OPENING.test(gap);
    return { ...token, exemption: exemption(token.text, atSentenceStart) };
  });
}

/** Why each word of the sentence needs no gloss, or null when it needs one. */
export function glossExemptions(segment: TranscriptSegment): (GlossExemption | null)[] {
  const tokens = textExemptions(segment.text);
  let searchFrom = 0;
  return segment.words.map((word, index) => {
    // The words of a transcript are the text's tokens in order; find this one's place.
    const found = tokens.findIndex((token, at) => at >= searchFrom && token.text === word.text);
    if (found < 0) return exemption(word.text, index === 0);
    searchFrom = found + 1;
    return tokens[found]!.exemption;
  });
}

function exemption(text: string, atSentenceStart: boolean): GlossExemption | null {
  if (!HAS_LETTER_OR_DIGIT.test(text)) return 'no-letters';
  if (STARTS_WITH_DIGIT.test(text)) return 'number';
  if (!STARTS_WITH_CAPITAL.test(text)) return null;
  if (!atSentenceStart) return 'name';
  return isTopWord(text.toLocaleLowerCase('es')) ? null : 'name';
}
