import { isTopWord } from '../lexicon/index.ts';
import type { TranscriptSegment } from '../transcript.ts';
import { tokenizeWords } from './words.ts';

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

/** Why each word of the sentence needs no gloss, or null when it needs one. */
export function glossExemptions(segment: TranscriptSegment): (GlossExemption | null)[] {
  const tokens = tokenizeWords(segment.text);
  let searchFrom = 0;
  let previousEnd = 0;
  return segment.words.map((word, index) => {
    // The words of a transcript are the text's tokens in order; find this one's place.
    const found = tokens.findIndex((token, at) => at >= searchFrom && token.text === word.text);
    let atSentenceStart = index === 0;
    if (found >= 0) {
      const token = tokens[found]!;
      const gap = segment.text.slice(previousEnd, token.start);
      atSentenceStart = found === 0 || SENTENCE_OPENING.test(gap);
      searchFrom = found + 1;
      previousEnd = token.end;
    }
    return exemption(word.text, atSentenceStart);
  });
}

function exemption(text: string, atSentenceStart: boolean): GlossExemption | null {
  if (!HAS_LETTER_OR_DIGIT.test(text)) return 'no-letters';
  if (STARTS_WITH_DIGIT.test(text)) return 'number';
  if (!STARTS_WITH_CAPITAL.test(text)) return null;
  if (!atSentenceStart) return 'name';
  return isTopWord(text.toLocaleLowerCase('es')) ? null : 'name';
}
