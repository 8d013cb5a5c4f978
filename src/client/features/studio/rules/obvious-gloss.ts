import type { TranscriptWord } from '#shared/transcript';
import { sameGloss, wordReadings } from './gloss-choices';

/**
 * Review mode lists a sentence's waiting glosses in two groups: those worth a look first, and the
 * obvious ones, shown compactly (never hidden) and approved with the sentence all the same.
 *
 * A machine gloss is obvious when
 * - it comes from the translation memory (a person approved it for this word elsewhere), or
 * - the lexicon knows the word in one reading only, with one sense, and the gloss is that sense:
 *   nothing else could have been meant (`sol` → sun, `mercado` → market).
 * Anything else is worth a look: a word with several readings (`pasa`: raisin, or pasar) or
 * senses (`casa`: house, home), a word the lexicon does not know, a gloss that is not the
 * lexicon's (a service's, or one without an origin that differs), and a missing gloss.
 */
export function isObviousGloss(word: Pick<TranscriptWord, 'text' | 'gloss' | 'glossOrigin'>) {
  const gloss = word.gloss?.trim();
  if (!gloss) return false;
  if (word.glossOrigin === 'memory') return true;
  const readings = wordReadings(word.text);
  if (readings.length !== 1) return false;
  const senses = readings[0]!.senses;
  return senses.length === 1 && sameGloss(senses[0]!, gloss);
}
