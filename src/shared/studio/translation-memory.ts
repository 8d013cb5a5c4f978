import { numberGloss } from '../lexicon/index.ts';
import type { Transcript } from '../transcript.ts';
import { glossExemptions, textExemptions } from './gloss-exempt.ts';
import { segmentReadings } from './segment-readings.ts';

/**
 * The translation memory's rules (issue 21, decision 045): what a person approved anywhere on the
 * site is offered first for the same sentence or word elsewhere.
 *
 * A sentence is looked up by its key: its words lower-cased, spacing and punctuation ignored
 * (but a question stays a question), and its names and numbers (gloss-exempt.ts) replaced by
 * numbered slots (sentenceMemoryKeys), so that "Pablo tiene 3 gatos." and "Lucía tiene 5 gatos." meet. The stored
 * English is offered for the new sentence only when each name or number that differs appears
 * in it verbatim (a number also as its English form, `15.000` as "15,000") and can be replaced.
 */

export interface SentenceKey {
  key: string;
  /** The names and numbers replaced by slots, in the order of their first appearance. */
  slots: string[];
}

/**
 * The memory keys of a sentence's text, the likeliest first; none for a text without words. A
 * capitalised word the lexicon knows where the sentence starts is read as a word ("Rosa tiene…":
 * pink, gloss-exempt.ts), and, in a second key, as a name, so that "Rosa tiene 3 gatos" and "Marta
 * tiene 5 gatos" still meet.
 */
export function sentenceMemoryKeys(text: string): SentenceKey[] {
  const tokens = textExemptions(text);
  if (tokens.length === 0) return [];
  // "¿Tiene un perro?" is not translated as "Tiene un perro."
  const question = /[?¿]/u.test(text);
  const keyOf = (asName: (index: number) => boolean): SentenceKey => {
    const slots: string[] = [];
    const parts = tokens.map(({ text: word, exemption }, index) => {
      const kind = asName(index) ? 'name' : exemption;
      if (kind !== 'name' && kind !== 'number') return word.toLocaleLowerCase('es');
      let slot = slots.indexOf(word);
      if (slot < 0) slot = slots.push(word) - 1;
      return `{${kind} ${slot}}`;
    });
    if (question) parts.push('?');
    return { key: parts.join(' '), slots };
  };
  const keys = [keyOf(() => false)];
  const first = tokens[0]!;
  if (first.exemption === null && /^\p{Lu}/u.test(first.text)) keys.push(keyOf((i) => i === 0));
  return keys;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` as a whole word: no letter or digit right before or after it. */
const wholeWord = (text: string) => `(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`;
const occursIn = (haystack: string, text: string) =>
  new RegExp(wholeWord(text), 'u').test(haystack);

/**
 * The stored English of a sentence whose names and numbers were `stored`, made to fit a sentence
 * with the same key whose names and numbers are `wanted`; null when a differing one does not
 * appear verbatim in the English (nothing safe to offer).
 */
export function adaptTranslation(
  translation: string,
  stored: readonly string[],
  wanted: readonly string[],
): string | null {
  if (stored.length !== wanted.length) return null;
  const replacements = new Map<string, string>();
  for (const [index, from] of stored.entries()) {
    const to = wanted[index]!;
    if (from === to) continue;
    if (occursIn(translation, from)) {
      replacements.set(from, to);
      continue;
    }
    const fromEnglish = numberGloss(from);
    const toEnglish = numberGloss(to);
    if (fromEnglish === null || toEnglish === null || !occursIn(translation, fromEnglish)) {
      return null;
    }
    replacements.set(fromEnglish, toEnglish);
  }
  if (replacements.size === 0) return translation;
  const longestFirst = [...replacements.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(longestFirst.map(wholeWord).join('|'), 'gu');
  return translation.replace(pattern, (found) => replacements.get(found)!);
}

/** An approved sentence translation, as the memory keeps it. */
export interface MemorySentence extends SentenceKey {
  text: string;
  translation: string;
}

/** An approved gloss of a word form, with how often a chapter has it. */
export interface MemoryGloss {
  /** The word as written, lower-cased. */
  form: string;
  /** Its lemma in its sentence (the lexicon's lemmatiser); null for names, numbers, unknowns. */
  lemma: string | null;
  gloss: string;
  occurrences: number;
}

const approvedText = (text: string | undefined, source: string | undefined) =>
  source !== 'machine' && text !== undefined && text.trim() !== '' ? text.trim() : null;

/** The memory form of a word: as written, lower-cased. */
export const memoryForm = (word: string) => word.toLocaleLowerCase('es');

/**
 * What a chapter's transcript adds to the memory: its approved translations (written by a person
 * or approved: source 'human' or none) and approved glosses, each gloss counted once per use.
 */
export function approvedEntries(transcript: Transcript): {
  sentences: MemorySentence[];
  glosses: MemoryGloss[];
} {
  const sentences = new Map<string, MemorySentence>();
  const glosses = new Map<string, MemoryGloss>();
  for (const segment of transcript.segments) {
    const translation = approvedText(segment.translation, segment.translationSource);
    if (translation) {
      const text = segment.text.trim();
      for (const key of sentenceMemoryKeys(text)) {
        sentences.set(`${key.key}\n${text}\n${translation}`, { ...key, text, translation });
      }
    }
    const approved = segment.words.map((word) => approvedText(word.gloss, word.glossSource));
    if (approved.every((gloss) => gloss === null)) continue;
    const readings = segmentReadings(segment);
    const exemptions = glossExemptions(segment);
    segment.words.forEach((word, index) => {
      const gloss = approved[index];
      if (!gloss) return;
      const lemma = exemptions[index] ? null : (readings[index]?.lemma ?? null);
      const form = memoryForm(word.text);
      const entryKey = `${form}\n${lemma ?? ''}\n${gloss}`;
      const known = glosses.get(entryKey);
      if (known) known.occurrences += 1;
      else glosses.set(entryKey, { form, lemma, gloss, occurrences: 1 });
    });
  }
  return { sentences: [...sentences.values()], glosses: [...glosses.values()] };
}
