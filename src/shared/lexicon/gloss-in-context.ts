// Which of a word's senses its sentence means (issue 21): the lexicon lists senses in order of
// use ("pasar: to pass, happen, spend (time)") and a word's readings in order of likelihood
// ("pasa": the noun "raisin" before the verb), so a first sense is wrong in about one gloss in
// ten. The sentence's English translation says which one was meant.

import { englishWords, senseStems, stemEnglish } from './english.ts';
import { allReadings, splitSenses, type WordGloss } from './gloss.ts';

/** A reading of a word in its sentence: a glossText token, or lookupWord's answer. */
export interface ReadWord {
  text: string;
  en?: string;
  pos?: WordGloss['pos'];
}

/** One sense of a reading, with the part of speech it belongs to. */
export interface Sense {
  sense: string;
  pos?: WordGloss['pos'];
}

/**
 * Every sense of every reading of the word: the reading its sentence suggests first (glossText
 * prefers a noun after an article, a verb after a pronoun), then the others the lexicon has,
 * each in the lexicon's order. A verb's later senses get the "to" its first one carries.
 */
export function sensesOf(word: ReadWord): Sense[] {
  const readings: Array<{ en: string; pos?: WordGloss['pos'] }> = word.en
    ? [{ en: word.en, pos: word.pos }]
    : [];
  for (const reading of allReadings(word.text)) {
    if (!readings.some((known) => known.en === reading.en && known.pos === reading.pos)) {
      readings.push(reading);
    }
  }
  return readings.flatMap(({ en, pos }) =>
    splitSenses(en).map((sense) => ({
      sense: pos === 'verb' && !/^to\b/.test(sense) && /^to\b/.test(en) ? `to ${sense}` : sense,
      pos,
    })),
  );
}

/** The stems of a sentence's English translation, to look senses up in. */
export type TranslationStems = readonly string[];

export function translationStems(translation: string): TranslationStems {
  return englishWords(translation).map(stemEnglish);
}

/** Whether the sense's words stand together, in order, among the translation's. */
export function appearsIn(sense: string, stems: TranslationStems): boolean {
  const wanted = senseStems(sense);
  if (wanted.length === 0) return false;
  for (let at = 0; at + wanted.length <= stems.length; at++) {
    if (wanted.every((stem, k) => stems[at + k] === stem)) return true;
  }
  return false;
}

/**
 * A word's gloss in its sentence: of every sense of every reading (sensesOf), the first whose
 * words appear in the sentence's English translation (stems compared: "to happen" is found in
 * "What is happening?"); else the first that one of `approved` shows (glosses a person approved
 * for other forms of the same lemma elsewhere, the most used first: "happened" for `pasó` makes
 * `pasa` "to happen"); else the first sense of the reading the sentence suggests. Undefined when
 * the lexicon does not know the word.
 *
 * `pasa` in "¿Qué pasa?" / "What is happening?" → "to happen", not "raisin".
 */
export function glossInContext(
  word: ReadWord,
  translation?: string,
  approved: readonly string[] = [],
): string | undefined {
  const senses = sensesOf(word);
  for (const context of translation ? [translation, ...approved] : approved) {
    const stems = translationStems(context);
    const found = senses.find(({ sense }) => appearsIn(sense, stems));
    if (found) return found.sense;
  }
  return senses[0]?.sense;
}
