import { lookupWord, splitSenses, type PartOfSpeech } from '#shared/lexicon/index';

/** One way the built-in lexicon reads a word: its lemma, part of speech and English senses. */
export interface WordReading {
  lemma: string;
  pos: PartOfSpeech;
  senses: string[];
}

/** A gloss review mode offers in place of a wrong one, with the reading it comes from. */
export interface GlossChoice {
  gloss: string;
  lemma: string;
  pos: PartOfSpeech;
}

const READINGS_CACHE_SIZE = 5000;
const readingsCache = new Map<string, WordReading[]>();

/** Number keys pick a choice: at most nine. */
export const MAX_GLOSS_CHOICES = 9;

/** Glosses compared as a reader would: case and surrounding spaces aside. */
export const sameGloss = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

/**
 * Every reading the lexicon has for a word, its most likely first. A plain lookup ranks one
 * reading and lists those about as likely; a reading that only context would bring out is found
 * by asking again as a verb and as a noun, which is how "pasa" shows both the noun (raisin) and
 * the verb (pasar: to pass, happen) — the word of the wrong gloss.
 */
export function wordReadings(text: string): WordReading[] {
  const known = readingsCache.get(text);
  if (known) return known;
  const readings: WordReading[] = [];
  const add = (lemma: string, pos: PartOfSpeech, en: string) => {
    if (readings.some((reading) => reading.lemma === lemma && reading.pos === pos)) return;
    readings.push({ lemma, pos, senses: splitSenses(en) });
  };
  for (const prefer of [undefined, 'verb', 'noun'] as const) {
    const found = lookupWord(text, prefer ? { prefer } : {});
    if (!found) break;
    add(found.lemma, found.pos, found.en);
    for (const other of found.also ?? []) add(other.lemma, other.pos, other.en);
  }
  // Review mode asks on each arrival, for every waiting gloss: each word form is read once.
  if (readingsCache.size >= READINGS_CACHE_SIZE) readingsCache.clear();
  readingsCache.set(text, readings);
  return readings;
}

/**
 * The senses of every reading of a word, in the lexicon's order, without the gloss it has now
 * (that one was judged wrong), each once, at most nine.
 */
export function glossChoices(text: string, current?: string): GlossChoice[] {
  const choices: GlossChoice[] = [];
  for (const reading of wordReadings(text)) {
    for (const sense of reading.senses) {
      if (current !== undefined && sameGloss(sense, current)) continue;
      if (choices.some((choice) => sameGloss(choice.gloss, sense))) continue;
      choices.push({ gloss: sense, lemma: reading.lemma, pos: reading.pos });
    }
  }
  return choices.slice(0, MAX_GLOSS_CHOICES);
}
