import { allReadings, splitSenses, type PartOfSpeech } from '../lexicon/index.ts';
import type { TranscriptSegment } from '../transcript.ts';
import { foldAccents } from './answer-words.ts';
import { startsSentence } from './line-layout.ts';
import { numberOfDigits, numberOfWords } from './spanish-numbers.ts';

/**
 * Which words an exercise may ask for and which wrong options it may offer (issue 25, decision
 * 066). A word asked is never a name or a number; a wrong option is a word of the same kind (part
 * of speech) and about as common (a common word for a common word, about as long), and never
 * another right answer: not the same lemma, not a word sharing an English sense, not the same
 * letters with other accents.
 */

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** A word as written, without the punctuation around it. */
export const bareWord = (text: string) => text.replace(EDGE_PUNCTUATION, '');

const CONTENT_KINDS: ReadonlySet<PartOfSpeech> = new Set(['noun', 'verb', 'adj', 'adv']);

export interface WordFacts {
  /** As written, without punctuation. */
  text: string;
  folded: string;
  /** Lemmas of every reading the lexicon has for it (empty when it has none). */
  lemmas: string[];
  /** Its likeliest reading's part of speech, when the lexicon knows it (or the line allows it). */
  pos?: PartOfSpeech;
  /** Every reading's part of speech, likeliest first. */
  kinds: PartOfSpeech[];
  /** Every English sense of every reading, lower case. */
  senses: Set<string>;
  /** A noun, verb, adjective or adverb (not a function word). */
  content: boolean;
}

const factsCache = new Map<string, WordFacts>();

/** What the lexicon says of a word (cached: the same words come back in every line). */
export function wordFacts(text: string): WordFacts {
  const bare = bareWord(text);
  const key = bare.toLocaleLowerCase('es');
  const cached = factsCache.get(key);
  if (cached) return { ...cached, text: bare };
  const readings = /\p{N}/u.test(key) ? [] : allReadings(key);
  const pos = readings[0]?.pos;
  const facts: WordFacts = {
    text: bare,
    folded: foldAccents(bare),
    lemmas: readings.map((reading) => reading.lemma),
    kinds: readings.map((reading) => reading.pos),
    senses: new Set(
      readings.flatMap((reading) =>
        splitSenses(reading.en).map((sense) => sense.toLowerCase().replace(/\s*\(.*?\)\s*/g, '')),
      ),
    ),
    content: pos !== undefined && CONTENT_KINDS.has(pos),
  };
  if (pos) facts.pos = pos;
  factsCache.set(key, facts);
  return { ...facts };
}

/** Words after which a noun or an adjective comes, not a verb ("una tumba" is no verb). */
const DETERMINERS = new Set(
  (
    'el la los las un una unos unas al del mi mis tu tus su sus nuestro nuestra nuestros ' +
    'nuestras vuestro vuestra vuestros vuestras este esta estos estas ese esa esos esas aquel ' +
    'aquella aquellos aquellas otro otra otros otras cada algún alguna algunos algunas ningún ' +
    'ninguna'
  ).split(' '),
);

const NOMINAL: ReadonlySet<PartOfSpeech> = new Set(['noun', 'adj']);

/**
 * What the lexicon says of the word at `index` of a line, in its place: after a determiner only
 * its noun and adjective readings stand ("una tumba": the lexicon knows only the verb tumbar, so
 * here the word is none of its common words).
 */
export function wordFactsAt(segment: TranscriptSegment, index: number): WordFacts {
  const facts = wordFacts(segment.words[index]?.text ?? '');
  const previous = bareWord(segment.words[index - 1]?.text ?? '').toLocaleLowerCase('es');
  if (!DETERMINERS.has(previous) || (facts.pos && NOMINAL.has(facts.pos))) return facts;
  const pos = facts.kinds.find((kind) => NOMINAL.has(kind));
  const placed: WordFacts = { ...facts, content: pos !== undefined };
  if (pos) placed.pos = pos;
  else delete placed.pos;
  return placed;
}

/** A number, in digits or in words ("3", "1.500", "tres", "veinte"). */
export function isNumber(text: string): boolean {
  const bare = bareWord(text);
  if (/\p{N}/u.test(bare)) return true;
  if (numberOfDigits(bare) !== null) return true;
  const folded = foldAccents(bare);
  // "un", "una", "uno" are far more often the article or pronoun than the number.
  if (folded === 'un' || folded === 'una' || folded === 'uno') return false;
  return numberOfWords([folded]) !== null;
}

/**
 * A name: capitalised where a sentence does not start; or capitalised where one starts and either
 * unknown to the lexicon ("Lucía", "Madrid"; "Ella" opening a sentence is a pronoun) or a noun or
 * adjective followed by a capitalised word that is no sentence's start ("Radio Montaña volvió…":
 * one name; "Luego Pablo dice…" is an adverb before a name).
 */
export function isName(segment: TranscriptSegment, indexInLine: number): boolean {
  const capitalised = (index: number) => {
    const first = bareWord(segment.words[index]?.text ?? '').charAt(0);
    return first !== '' && first !== first.toLocaleLowerCase('es');
  };
  if (!capitalised(indexInLine)) return false;
  if (!startsSentence(segment, indexInLine)) return true;
  const facts = wordFacts(bareWord(segment.words[indexInLine]!.text));
  if (facts.lemmas.length === 0) return true;
  const next = indexInLine + 1;
  const beforeName =
    next < segment.words.length && capitalised(next) && !startsSentence(segment, next);
  return beforeName && facts.pos !== undefined && NOMINAL.has(facts.pos);
}

/**
 * The names of a chapter, lower case: every word written capitalised where no sentence starts
 * (so "Rosa", a name in this story, is a name even where it opens a sentence), and a noun or
 * adjective that only ever opens sentences here ("Miel y sus gatitos…": a cat named Honey in
 * another chapter; a name that is also a word is most often one of these).
 */
export function chapterNames(segments: readonly TranscriptSegment[]): Set<string> {
  const names = new Set<string>();
  const opening = new Set<string>();
  const lowerCase = new Set<string>();
  for (const segment of segments) {
    segment.words.forEach((word, index) => {
      const bare = bareWord(word.text);
      const first = bare.charAt(0);
      const lower = bare.toLocaleLowerCase('es');
      if (first === '' || first === first.toLocaleLowerCase('es')) lowerCase.add(lower);
      else if (startsSentence(segment, index)) opening.add(lower);
      else names.add(lower);
    });
  }
  for (const word of opening) {
    const pos = wordFacts(word).pos;
    if (!lowerCase.has(word) && (pos === 'noun' || pos === 'adj')) names.add(word);
  }
  return names;
}

/**
 * Whether a word of a line may be asked for: letters only, two or more, not a name or number,
 * not one of the chapter's `names`, and either one of the common words or one the learner saved
 * (`focus`, lower-case forms).
 */
export function isAskable(
  segment: TranscriptSegment,
  indexInLine: number,
  context: { names: ReadonlySet<string>; focus?: ReadonlySet<string> },
): boolean {
  const word = segment.words[indexInLine];
  if (!word) return false;
  const bare = bareWord(word.text);
  if (!/^\p{L}{2,}$/u.test(bare)) return false;
  const lower = bare.toLocaleLowerCase('es');
  if (context.names.has(lower) || isName(segment, indexInLine) || isNumber(bare)) return false;
  const facts = wordFactsAt(segment, indexInLine);
  if (facts.pos === 'num') return false;
  if (facts.pos !== undefined) return true;
  return context.focus?.has(lower) ?? false;
}

/** Whether `other` would also be right where `answer` stands (the generator never offers it). */
export function alsoRight(answer: WordFacts, other: WordFacts): boolean {
  if (answer.folded === other.folded) return true;
  if (answer.lemmas.some((lemma) => other.lemmas.includes(lemma))) return true;
  for (const sense of other.senses) if (answer.senses.has(sense)) return true;
  return false;
}

/** How well `other` stands in for `answer` as a wrong option: higher is closer; null if unfit. */
export function distractorScore(answer: WordFacts, other: WordFacts): number | null {
  if (other.pos === undefined || other.pos !== answer.pos) return null;
  if (alsoRight(answer, other)) return null;
  const lengthGap = Math.abs(other.folded.length - answer.folded.length);
  if (lengthGap > 3) return null;
  // The same ending reads as the same form (a verb's person and tense, a noun's number).
  const sameEnding = other.folded.slice(-2) === answer.folded.slice(-2) ? 2 : 0;
  return 4 + sameEnding - lengthGap;
}
