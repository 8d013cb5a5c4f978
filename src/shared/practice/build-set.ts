import type { StoryLevel } from '../contracts/stories.ts';
import { isDoubtful } from '../studio/doubtful.ts';
import type { TranscriptSegment } from '../transcript.ts';
import { foldAccents } from './answer-words.ts';
import { chapterWords, clipInChapter, type ChapterWords } from './clip.ts';
import { lineLayout } from './line-layout.ts';
import type {
  ClozeBlank,
  ClozeItem,
  ClozePart,
  DictationItem,
  PracticeItem,
  PracticeKind,
  WordInAudioItem,
} from './items.ts';
import { seededRandom, shuffled, type Random } from './random.ts';
import {
  alsoRight,
  bareWord,
  chapterNames,
  distractorScore,
  isAskable,
  wordFacts,
  wordFactsAt,
  type WordFacts,
} from './word-choice.ts';

/** About ten items: three to five minutes. */
export const PRACTICE_SET_SIZE = 10;

/** How a set of each level is made up (issue 25: word-in-audio is for beginners). */
const MIX: Record<StoryLevel, Array<[PracticeKind, number]>> = {
  Beginner: [
    ['word-in-audio', 4],
    ['cloze', 4],
    ['dictation', 2],
  ],
  Intermediate: [
    ['cloze', 5],
    ['dictation', 4],
    ['word-in-audio', 1],
  ],
  Advanced: [
    ['cloze', 4],
    ['dictation', 6],
  ],
};

/** A beginner's dictation is a phrase; others a line, cut at a comma when it is long. */
const DICTATION_WORDS: Record<StoryLevel, { min: number; max: number }> = {
  Beginner: { min: 2, max: 6 },
  Intermediate: { min: 3, max: 12 },
  Advanced: { min: 3, max: 16 },
};

/** A pause this long between two words is a place a phrase may start or end. */
const PHRASE_PAUSE_SECONDS = 0.25;

export interface PracticeLearner {
  /** Words the learner saved or has yet to learn (lower case): asked first. */
  focus?: ReadonlySet<string>;
  /** Lemmas the learner knows: asked last. */
  known?: ReadonlySet<string>;
  /** Fewer items than the level's mix (a short daily set). */
  size?: number;
}

export interface PracticeSource {
  segments: readonly TranscriptSegment[];
  level: StoryLevel;
}

interface Context {
  source: PracticeSource;
  chapter: ChapterWords;
  names: ReadonlySet<string>;
  focus: ReadonlySet<string>;
  known: ReadonlySet<string>;
  /** Every distinct word of the chapter that may be offered as a wrong option. */
  pool: WordFacts[];
  random: Random;
}

/**
 * A practice set for one chapter: about ten items of the level's mix, each from another line
 * where the chapter has enough, made the same way from the same `seed`.
 */
export function buildPracticeSet(
  source: PracticeSource,
  seed: string,
  learner: PracticeLearner = {},
): PracticeItem[] {
  const random = seededRandom(seed);
  const names = chapterNames(source.segments);
  const context: Context = {
    source,
    chapter: chapterWords(source.segments),
    names,
    focus: learner.focus ?? new Set(),
    known: learner.known ?? new Set(),
    pool: optionPool(source.segments, names),
    random,
  };
  const lines = shuffled(
    source.segments.filter((segment) => usableLine(segment)),
    random,
  );
  const size = learner.size ?? PRACTICE_SET_SIZE;
  const wanted = scaledMix(MIX[source.level], size);
  const items: PracticeItem[] = [];
  const used = new Set<string>();
  // Each kind takes lines in turn, so a short chapter still gets every kind.
  for (let round = 0; items.length < size && round < size; round++) {
    let added = false;
    for (const [kind, count] of wanted) {
      if (items.length >= size) break;
      if (items.filter((item) => item.kind === kind).length >= count) continue;
      const item = nextItem(kind, lines, used, context);
      if (item) {
        items.push(item);
        used.add(item.segmentId);
        added = true;
      }
    }
    if (!added) break;
  }
  return interleave(items);
}

function scaledMix(
  mix: Array<[PracticeKind, number]>,
  size: number,
): Array<[PracticeKind, number]> {
  const total = mix.reduce((sum, [, count]) => sum + count, 0);
  return mix.map(([kind, count]) => [kind, Math.max(1, Math.round((count * size) / total))]);
}

/** A line worth practising: timed with confidence, three words or more. */
function usableLine(segment: TranscriptSegment): boolean {
  if (segment.words.length < 3 || isDoubtful(segment.confidence)) return false;
  return segment.words.every((word) => word.end >= word.start);
}

const wordsTimedSurely = (segment: TranscriptSegment, from: number, to: number) =>
  segment.words.slice(from, to + 1).every((word) => !isDoubtful(word.confidence));

function nextItem(
  kind: PracticeKind,
  lines: readonly TranscriptSegment[],
  used: ReadonlySet<string>,
  context: Context,
): PracticeItem | null {
  const fresh = lines.filter((line) => !used.has(line.id));
  const ordered = kind === 'cloze' ? byFocus(fresh, context) : fresh;
  for (const line of ordered) {
    const item =
      kind === 'dictation'
        ? dictation(line, context)
        : kind === 'cloze'
          ? cloze(line, context)
          : wordInAudio(line, context);
    if (item) return item;
  }
  return null;
}

/** Lines with a word the learner is learning first (stable otherwise: the shuffle stays). */
function byFocus(lines: TranscriptSegment[], context: Context): TranscriptSegment[] {
  if (context.focus.size === 0) return lines;
  const hasFocus = (line: TranscriptSegment) =>
    line.words.some((word) => context.focus.has(bareWord(word.text).toLocaleLowerCase('es')));
  return [...lines.filter(hasFocus), ...lines.filter((line) => !hasFocus(line))];
}

function base(line: TranscriptSegment) {
  return {
    segmentId: line.id,
    line: lineLayout(line).text,
    ...(line.translation ? { translation: line.translation } : {}),
    translationByMachine: line.translationSource === 'machine',
  };
}

// ---------------------------------------------------------------------------------------------
// Dictation
// ---------------------------------------------------------------------------------------------

/** Where a phrase may end after word `index`: punctuation, a pause, or the end of the line. */
function phraseBreakAfter(line: TranscriptSegment, index: number): boolean {
  const word = line.words[index]!;
  const next = line.words[index + 1];
  if (!next) return true;
  const { text, spans } = lineLayout(line);
  const between = text.slice(spans[index]!.end, spans[index + 1]!.start);
  return /[,;:.!?…»”")—]/u.test(between) || next.start - word.end >= PHRASE_PAUSE_SECONDS;
}

function dictation(line: TranscriptSegment, context: Context): DictationItem | null {
  const { min, max } = DICTATION_WORDS[context.source.level];
  const span = phraseSpan(line, min, max, context.random);
  if (!span) return null;
  const [from, to] = span;
  const words = line.words.slice(from, to + 1);
  if (words.every((word) => bareWord(word.text) === '')) return null;
  return {
    id: `dictation:${line.id}:${words.map((w) => w.id).join(',')}`,
    kind: 'dictation',
    ...base(line),
    clip: clipInChapter(context.chapter, line, from, to),
    words: words.map((word) => ({ id: word.id, text: word.text })),
  };
}

/** A run of `min`..`max` words from break to break (the whole line when it fits). */
function phraseSpan(
  line: TranscriptSegment,
  min: number,
  max: number,
  random: Random,
): [number, number] | null {
  const count = line.words.length;
  if (count >= min && count <= max) return [0, count - 1];
  const starts = [0];
  for (let i = 0; i < count - 1; i++) if (phraseBreakAfter(line, i)) starts.push(i + 1);
  const spans: Array<[number, number]> = [];
  for (const start of starts) {
    for (let end = Math.min(count - 1, start + max - 1); end >= start + min - 1; end--) {
      if (phraseBreakAfter(line, end)) {
        spans.push([start, end]);
        break;
      }
    }
  }
  if (spans.length === 0) return null;
  return spans[Math.floor(random() * spans.length)]!;
}

// ---------------------------------------------------------------------------------------------
// Listening cloze
// ---------------------------------------------------------------------------------------------

/** How much a word is worth asking: a word being learned, then unknown words, then any. */
function askPriority(line: TranscriptSegment, index: number, context: Context): number {
  const lower = bareWord(line.words[index]!.text).toLocaleLowerCase('es');
  const facts = wordFactsAt(line, index);
  if (context.focus.has(lower)) return 4;
  const known = facts.lemmas.some((lemma) => context.known.has(lemma));
  if (!facts.content) return 0;
  // "es", "va", "ve": too short to be worth a blank while longer words are there.
  if (facts.folded.length <= 2) return 1;
  return known ? 2 : 3;
}

function cloze(line: TranscriptSegment, context: Context): ClozeItem | null {
  const candidates = line.words
    .map((word, index) => ({ word, index, priority: askPriority(line, index, context) }))
    .filter(({ index }) => isAskable(line, index, context))
    .filter(({ priority }) => priority > 0);
  if (candidates.length === 0) return null;
  const wantedBlanks = line.words.length >= 10 && context.source.level !== 'Beginner' ? 2 : 1;
  const ranked = shuffled(candidates, context.random).sort((a, b) => b.priority - a.priority);
  const chosen: typeof candidates = [];
  for (const candidate of ranked) {
    if (chosen.length >= wantedBlanks) break;
    if (chosen.some((other) => Math.abs(other.index - candidate.index) < 2)) continue;
    if (
      chosen.some((other) => alsoRight(wordFacts(other.word.text), wordFacts(candidate.word.text)))
    ) {
      continue;
    }
    chosen.push(candidate);
  }
  chosen.sort((a, b) => a.index - b.index);
  const blanks: ClozeBlank[] = chosen.map(({ word, index }) => ({
    wordId: word.id,
    answer: bareWord(word.text),
    options: clozeOptions(line, index, context),
  }));
  return {
    id: `cloze:${line.id}:${blanks.map((b) => b.wordId).join(',')}`,
    kind: 'cloze',
    ...base(line),
    clip: clipInChapter(context.chapter, line, 0, line.words.length - 1),
    parts: clozeParts(line, new Set(blanks.map((b) => b.wordId))),
    blanks,
  };
}

/** The line as written, in text pieces and blanks (a blank stands for its word's letters). */
function clozeParts(line: TranscriptSegment, blankIds: ReadonlySet<string>): ClozePart[] {
  const { text, spans } = lineLayout(line);
  const parts: ClozePart[] = [];
  let cursor = 0;
  let blank = 0;
  line.words.forEach((word, index) => {
    if (!blankIds.has(word.id)) return;
    const span = spans[index]!;
    if (span.start > cursor) parts.push({ text: text.slice(cursor, span.start) });
    parts.push({ blank: blank++ });
    cursor = span.end;
  });
  if (cursor < text.length) parts.push({ text: text.slice(cursor) });
  return parts;
}

/** Every distinct word of the chapter the lexicon knows, names and numbers left out. */
function optionPool(
  segments: readonly TranscriptSegment[],
  names: ReadonlySet<string>,
): WordFacts[] {
  const seen = new Set<string>();
  const pool: WordFacts[] = [];
  for (const segment of segments) {
    segment.words.forEach((word, index) => {
      const lower = bareWord(word.text).toLocaleLowerCase('es');
      if (seen.has(lower)) return;
      seen.add(lower);
      if (!isAskable(segment, index, { names })) return;
      const facts = wordFactsAt(segment, index);
      if (facts.pos) pool.push(facts);
    });
  }
  return pool;
}

/** Written like the answer: capitalised when the answer is (it opens the line). */
function likeAnswer(answer: string, option: string): string {
  const first = answer.charAt(0);
  if (first !== '' && first !== first.toLocaleLowerCase('es')) {
    return option.charAt(0).toLocaleUpperCase('es') + option.slice(1);
  }
  return option;
}

/** The answer and three wrong options of its kind, shuffled; none when there are not three. */
function clozeOptions(line: TranscriptSegment, index: number, context: Context): string[] {
  const answerText = line.words[index]!.text;
  const answer = wordFactsAt(line, index);
  const inLine = new Set(line.words.map((word) => foldAccents(bareWord(word.text))));
  const scored = context.pool
    .filter((other) => !inLine.has(other.folded))
    .map((other) => ({ other, score: distractorScore(answer, other) }))
    .filter((entry): entry is { other: WordFacts; score: number } => entry.score !== null);
  const picked = pickDistinct(scored, 3, context.random);
  if (picked.length < 3) return [];
  const bare = bareWord(answerText);
  return shuffled(
    [bare, ...picked.map((facts) => likeAnswer(bare, facts.text.toLocaleLowerCase('es')))],
    context.random,
  );
}

/**
 * `count` options among the best scored, none also right where another option stands (two
 * forms of one verb would make each other's sentence ambiguous).
 */
function pickDistinct(
  scored: Array<{ other: WordFacts; score: number }>,
  count: number,
  random: Random,
): WordFacts[] {
  const ranked = shuffled(scored, random).sort((a, b) => b.score - a.score);
  const picked: WordFacts[] = [];
  for (const { other } of ranked) {
    if (picked.length >= count) break;
    if (picked.some((chosen) => alsoRight(chosen, other))) continue;
    picked.push(other);
  }
  return picked;
}

// ---------------------------------------------------------------------------------------------
// Word in audio
// ---------------------------------------------------------------------------------------------

/** Two or three words heard; three written words offered. */
function wordInAudio(line: TranscriptSegment, context: Context): WordInAudioItem | null {
  const length = Math.min(line.words.length, context.random() < 0.5 ? 2 : 3);
  const starts = shuffled(
    Array.from({ length: line.words.length - length + 1 }, (_, i) => i),
    context.random,
  );
  for (const from of starts) {
    const to = from + length - 1;
    if (!wordsTimedSurely(line, from, to)) continue;
    const stretch = line.words.slice(from, to + 1);
    const askable = stretch
      .map((word, offset) => ({ word, index: from + offset }))
      .filter(({ index }) => isAskable(line, index, context))
      .sort((a, b) => askPriority(line, b.index, context) - askPriority(line, a.index, context));
    const target = askable[0];
    if (!target) continue;
    const heard = stretch.map((word) => wordFacts(word.text));
    const answer = wordFactsAt(line, target.index);
    const scored = context.pool
      .filter((other) => heard.every((word) => !alsoRight(word, other) && soundsApart(word, other)))
      .map((other) => ({
        other,
        score:
          4 -
          Math.abs(other.folded.length - answer.folded.length) +
          (other.pos === answer.pos ? 1 : 0),
      }));
    const picked = pickDistinct(scored, 2, context.random);
    if (picked.length < 2) continue;
    const bare = bareWord(target.word.text);
    return {
      id: `word-in-audio:${line.id}:${stretch.map((w) => w.id).join(',')}`,
      kind: 'word-in-audio',
      ...base(line),
      clip: clipInChapter(context.chapter, line, from, to),
      wordIds: stretch.map((word) => word.id),
      answer: bare,
      answerWordId: target.word.id,
      options: shuffled(
        [bare, ...picked.map((facts) => likeAnswer(bare, facts.text.toLocaleLowerCase('es')))],
        context.random,
      ),
    };
  }
  return null;
}

/** Two words a listener tells apart: more than one letter differs once accents go. */
function soundsApart(a: WordFacts, b: WordFacts): boolean {
  if (a.folded === b.folded) return false;
  if (Math.abs(a.folded.length - b.folded.length) > 1) return true;
  let differences = 0;
  const longer = a.folded.length >= b.folded.length ? a.folded : b.folded;
  const shorter = longer === a.folded ? b.folded : a.folded;
  for (let i = 0, j = 0; i < longer.length; i++, j++) {
    if (longer[i] === shorter[j]) continue;
    differences++;
    if (longer.length !== shorter.length) j--;
    if (differences > 1) return true;
  }
  return differences > 1;
}

/** Kinds alternate, the easier first (a word heard, then a blank, then a dictation). */
function interleave(items: PracticeItem[]): PracticeItem[] {
  const order: PracticeKind[] = ['word-in-audio', 'cloze', 'dictation'];
  const queues = order.map((kind) => items.filter((item) => item.kind === kind));
  const out: PracticeItem[] = [];
  while (queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next) out.push(next);
    }
  }
  return out;
}
