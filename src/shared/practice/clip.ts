import type { TranscriptSegment, TranscriptWord } from '../transcript.ts';

/**
 * Where an exercise's audio starts and stops in its chapter (issue 25): a little before its first
 * word, never so much that the word before it is heard (at most 30 ms of it), and a little after
 * its last word, stopping where the next word starts, so the clip holds exactly the words asked.
 */
export interface PracticeClip {
  startSeconds: number;
  endSeconds: number;
}

/** Silence kept before the first word when there is room (never more than the gap). */
export const CLIP_LEAD = 0.03;
/** Kept after the last word: its release, when the next word does not start sooner. */
export const CLIP_TAIL = 0.25;
/** The least kept after the last word, even when the next word starts at once. */
const CLIP_TAIL_MIN = 0.02;

/**
 * The clip of `words` (consecutive words of one line), given the words of the whole chapter in
 * order (`before`: the word said just before the first, `after`: just after the last).
 */
export function clipOfWords(
  words: readonly TranscriptWord[],
  neighbours: { before?: TranscriptWord; after?: TranscriptWord } = {},
): PracticeClip {
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) throw new Error('clipOfWords: no words');
  const gapBefore = neighbours.before
    ? Math.max(0, first.start - neighbours.before.end)
    : CLIP_LEAD;
  const startSeconds = Math.max(0, first.start - Math.min(CLIP_LEAD, gapBefore));
  const gapAfter = neighbours.after ? Math.max(0, neighbours.after.start - last.end) : CLIP_TAIL;
  const endSeconds = last.end + Math.max(CLIP_TAIL_MIN, Math.min(CLIP_TAIL, gapAfter));
  return { startSeconds: round3(startSeconds), endSeconds: round3(endSeconds) };
}

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Every word of a chapter in order, with where each line's words start in it. */
export interface ChapterWords {
  words: TranscriptWord[];
  /** Index in `words` of each line's first word. */
  firstIndex: Map<string, number>;
}

export function chapterWords(segments: readonly TranscriptSegment[]): ChapterWords {
  const words: TranscriptWord[] = [];
  const firstIndex = new Map<string, number>();
  for (const segment of segments) {
    firstIndex.set(segment.id, words.length);
    words.push(...segment.words);
  }
  return { words, firstIndex };
}

/** The clip of a line's words `from`..`to` (indices in the line, inclusive). */
export function clipInChapter(
  chapter: ChapterWords,
  segment: TranscriptSegment,
  from: number,
  to: number,
): PracticeClip {
  const first = chapter.firstIndex.get(segment.id) ?? 0;
  return clipOfWords(segment.words.slice(from, to + 1), {
    before: chapter.words[first + from - 1],
    after: chapter.words[first + to + 1],
  });
}
