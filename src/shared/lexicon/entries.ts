// The lexicon: about 2,000 common Spanish lemmas with short English meanings, written by the
// Relatos team (see README.md). The data lives in compact text blocks under ./data and is
// parsed once, on first use.

import { ADJECTIVES } from './data/adjectives.ts';
import { ADVERBS } from './data/adverbs.ts';
import {
  CONJUNCTIONS,
  DETERMINERS,
  INTERJECTIONS,
  NUMBERS,
  PREPOSITIONS,
  PRONOUNS,
} from './data/function-words.ts';
import { NOUNS } from './data/nouns.ts';
import { VERBS } from './data/verbs.ts';

export type PartOfSpeech =
  'noun' | 'verb' | 'adj' | 'adv' | 'pron' | 'det' | 'prep' | 'conj' | 'num' | 'interj';

export interface LexiconEntry {
  lemma: string;
  pos: PartOfSpeech;
  /** 1–4 comma-separated English senses, e.g. "house, home". */
  en: string;
  gender?: 'm' | 'f';
}

/** Block order decides which reading of a homograph comes first (la: article before pronoun). */
const BLOCKS: Array<[PartOfSpeech, string]> = [
  ['det', DETERMINERS],
  ['pron', PRONOUNS],
  ['prep', PREPOSITIONS],
  ['conj', CONJUNCTIONS],
  ['interj', INTERJECTIONS],
  ['num', NUMBERS],
  ['verb', VERBS],
  ['adj', ADJECTIVES],
  ['adv', ADVERBS],
  ['noun', NOUNS],
];

const LINE = /^([a-záéíóúüñ]+)(?: ([mfc])(\+)?)?: (.+)$/;

interface Parsed {
  entries: LexiconEntry[];
  /** Nouns of people and animals with a regular feminine (amigo → amiga). */
  feminineForms: Set<string>;
}

let parsed: Parsed | undefined;

function parse(): Parsed {
  if (parsed) return parsed;
  const entries: LexiconEntry[] = [];
  const feminineForms = new Set<string>();
  for (const [pos, block] of BLOCKS) {
    for (const raw of block.split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const m = LINE.exec(line);
      if (!m) throw new Error(`lexicon: bad line in ${pos} block: ${line}`);
      const [, lemma = '', gender, plus, en = ''] = m;
      const entry: LexiconEntry = { lemma, pos, en: en.trim() };
      if (gender === 'm' || gender === 'f') entry.gender = gender;
      if (plus) feminineForms.add(lemma);
      entries.push(entry);
    }
  }
  parsed = { entries, feminineForms };
  return parsed;
}

/** Every entry, in block order (function words, verbs, adjectives, adverbs, nouns). */
export function getLexicon(): readonly LexiconEntry[] {
  return parse().entries;
}

/** Whether a masculine noun has a regular feminine (amigo → amiga, profesor → profesora). */
export function hasFeminineForm(lemma: string): boolean {
  return parse().feminineForms.has(lemma);
}
