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
  /** Which reading it belongs to: 0 for the one the sentence suggests. */
  reading: number;
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
  return readings.flatMap(({ en, pos }, reading) =>
    splitSenses(en).map((sense) => ({
      sense: pos === 'verb' && !/^to\b/.test(sense) && /^to\b/.test(en) ? `to ${sense}` : sense,
      pos,
      reading,
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

/** What a word's sentence says about its sense. */
export interface GlossContext {
  /** The sentence's English translation. */
  translation?: string;
  /** Who wrote it: a person (approved here, or elsewhere and remembered) or a machine. */
  translatedBy?: 'person' | 'machine';
  /** Glosses a person approved for other forms of the word's lemma, the most used first. */
  approvedForLemma?: readonly string[];
}

const firstAppearing = (senses: Sense[], text: string) => {
  const stems = translationStems(text);
  return senses.find(({ sense }) => appearsIn(sense, stems));
};

/**
 * A word's gloss in its sentence, from every sense of every reading (sensesOf):
 *
 * 1. a person's translation: the first sense whose words appear in it (stems compared: "to
 *    happen" is found in "What is happening?");
 * 2. a machine translation only chooses between readings: when it shows a sense of another
 *    reading and none of the suggested one, that sense ("pasa" as pasar, not "raisin"); within
 *    the suggested reading the lexicon's order stands (a machine translation picks "stock
 *    exchange" for bolsa as readily as "bag");
 * 3. else the first sense that a gloss approved for another form of the lemma shows ("was
 *    playing" for tocaba makes toca "to play (music)");
 * 4. else the first sense of the suggested reading.
 *
 * Undefined when the lexicon does not know the word.
 */
export function glossInContext(word: ReadWord, context: GlossContext = {}): string | undefined {
  const senses = sensesOf(word);
  const { translation, translatedBy = 'machine', approvedForLemma = [] } = context;
  if (translation) {
    const found = firstAppearing(senses, translation);
    if (found && (translatedBy === 'person' || found.reading !== 0)) return found.sense;
    // A machine translation showing a sense of the suggested reading confirms that reading,
    // not its sense: the lexicon's first sense of it stands.
    if (found) return senses[0]!.sense;
  }
  for (const approved of approvedForLemma) {
    const found = firstAppearing(senses, approved);
    if (found) return found.sense;
  }
  return senses[0]?.sense;
}
