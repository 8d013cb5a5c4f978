import { englishWords, stemEnglish } from '#shared/lexicon/english';

/**
 * When a prefilled gloss "equals" the gloss a person wrote (bench/prefill-quality.ts):
 *
 * - strict: the same text once surrounding spaces are trimmed;
 * - normalised: lower-cased, bracketed notes dropped (unless nothing else is left: "(the)"),
 *   punctuation ignored, then leading grammar dropped while another word follows it (to; a, an,
 *   the; subject pronouns I, you, he, she, it, we, they; auxiliaries am, is, are, was, were, be,
 *   been, do, does, did, will, would, has, have, had), and every word stemmed (stemEnglish:
 *   -s, -es, -ed, -ing, -ies → y, irregular verbs). "she lives" ≡ "to live", "is going" ≡ "to go",
 *   "do you want" ≡ "to want", "years" ≡ "year"; "happens" ≢ "raisin", "the" ≢ "her".
 */
export const AGREEMENT_DEFINITION =
  'strict: same text (trimmed); normalised: case, bracketed notes and punctuation ignored, ' +
  'leading to/a/an/the, subject pronouns and auxiliaries dropped, words stemmed (-s, -es, -ed, ' +
  '-ing, -ies→y, irregular verbs)';

const LEADING_GRAMMAR = new Set(
  (
    'to a an the i you he she it we they am is are was were be been do does did will would ' +
    'has have had'
  ).split(' '),
);

export function normalisedGloss(gloss: string): string {
  let words = englishWords(gloss);
  if (words.length === 0) words = englishWords(gloss.replace(/[()]/g, ' '));
  while (words.length > 1 && LEADING_GRAMMAR.has(words[0]!)) words = words.slice(1);
  return words.map(stemEnglish).join(' ');
}

export const strictlyEqual = (prefilled: string, authored: string) =>
  prefilled.trim() === authored.trim();

export const normallyEqual = (prefilled: string, authored: string) =>
  normalisedGloss(prefilled) === normalisedGloss(authored);
