import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';

/** A word's place in the transcript: its sentence's index and its index in that sentence. */
export interface WordRef {
  segment: number;
  word: number;
}

/** The shortest a word may become through an edit. */
export const MIN_WORD_SECONDS = 0.02;
/** ← / → move a word's start by this much… */
export const NUDGE_SECONDS = 0.01;
/** …and Shift+← / Shift+→ by this much. */
export const LARGE_NUDGE_SECONDS = 0.05;

/** Times are kept to the millisecond, as the demo transcripts are: no float noise in the JSON. */
export const roundTime = (seconds: number): number => Math.round(seconds * 1000) / 1000;

export const wordAt = (transcript: Transcript, ref: WordRef): TranscriptWord | undefined =>
  transcript.segments[ref.segment]?.words[ref.word];

/** The word before `ref` in the chapter, across sentence boundaries (sentences without words skipped). */
export function previousWordRef(transcript: Transcript, ref: WordRef): WordRef | null {
  if (ref.word > 0) return { segment: ref.segment, word: ref.word - 1 };
  for (let segment = ref.segment - 1; segment >= 0; segment -= 1) {
    const count = transcript.segments[segment]?.words.length ?? 0;
    if (count > 0) return { segment, word: count - 1 };
  }
  return null;
}

/** The word after `ref` in the chapter, across sentence boundaries. */
export function nextWordRef(transcript: Transcript, ref: WordRef): WordRef | null {
  const own = transcript.segments[ref.segment];
  if (own && ref.word + 1 < own.words.length) return { segment: ref.segment, word: ref.word + 1 };
  for (let segment = ref.segment + 1; segment < transcript.segments.length; segment += 1) {
    if ((transcript.segments[segment]?.words.length ?? 0) > 0) return { segment, word: 0 };
  }
  return null;
}

export interface TimeBounds {
  min: number;
  max: number;
}

/**
 * Where a word's start may go: after the previous word's start and before the next word's start
 * (each with room for a word of MIN_WORD_SECONDS), and inside the audio. A sentence without words
 * next to it bounds it too, so sentences never swap places.
 */
export function startBounds(
  transcript: Transcript,
  ref: WordRef,
  durationSeconds: number,
): TimeBounds {
  const previous = previousWordRef(transcript, ref);
  const next = nextWordRef(transcript, ref);
  let min = previous ? wordAt(transcript, previous)!.start + MIN_WORD_SECONDS : 0;
  let max = next
    ? wordAt(transcript, next)!.start - MIN_WORD_SECONDS
    : durationSeconds - MIN_WORD_SECONDS;
  const segments = transcript.segments;
  if (ref.word === 0 && ref.segment > 0) {
    min = Math.max(min, segments[ref.segment - 1]!.start + MIN_WORD_SECONDS);
  }
  const following = segments[ref.segment + 1];
  const isLast = ref.word === (segments[ref.segment]?.words.length ?? 0) - 1;
  // A following sentence with words is kept in order through its first word (its start is
  // pushed along, see setWordStart); one without words has only its start to hold its place.
  if (isLast && following && following.words.length === 0) {
    max = Math.min(max, following.start - MIN_WORD_SECONDS);
  }
  return { min: roundTime(Math.max(0, min)), max: roundTime(Math.min(max, durationSeconds)) };
}

const clamp = (value: number, { min, max }: TimeBounds) => Math.min(max, Math.max(min, value));

function replaceWord(segment: TranscriptSegment, index: number, word: TranscriptWord) {
  const words = segment.words.slice();
  words[index] = word;
  return { ...segment, words };
}

/**
 * Moves one word's start to `seconds`, kept inside its bounds (startBounds). Boundaries that were
 * shared with the old start follow it, and any the new start would cross are moved to it: the
 * previous word's end, the sentence's start (first word) and the previous sentence's end; the
 * word's own end and its sentence's end make room when the start moves past them. Everything
 * else is left as it was. Returns the same transcript when nothing moves.
 */
export function setWordStart(
  transcript: Transcript,
  ref: WordRef,
  seconds: number,
  durationSeconds: number,
): Transcript {
  const word = wordAt(transcript, ref);
  if (!word) return transcript;
  const bounds = startBounds(transcript, ref, durationSeconds);
  if (bounds.min > bounds.max) return transcript;
  const start = roundTime(clamp(seconds, bounds));
  const oldStart = word.start;
  if (start === oldStart) return transcript;

  const segments = transcript.segments.slice();
  const follows = (value: number) => value === oldStart || value > start;

  const previous = previousWordRef(transcript, ref);
  const previousWord = previous ? wordAt(transcript, previous)! : undefined;
  if (previous && previousWord && follows(previousWord.end)) {
    segments[previous.segment] = replaceWord(segments[previous.segment]!, previous.word, {
      ...previousWord,
      end: start,
    });
  }

  const end =
    word.end < roundTime(start + MIN_WORD_SECONDS) ? roundTime(start + MIN_WORD_SECONDS) : word.end;
  let own = replaceWord(segments[ref.segment]!, ref.word, { ...word, start, end });
  if (ref.word === 0 && follows(own.start)) own = { ...own, start };
  if (ref.word === own.words.length - 1 && own.end < end) own = { ...own, end };
  segments[ref.segment] = own;

  const previousSegment = segments[ref.segment - 1];
  if (
    ref.word === 0 &&
    previousSegment &&
    (previousSegment.end === oldStart || previousSegment.end > own.start)
  ) {
    segments[ref.segment - 1] = { ...previousSegment, end: own.start };
  }
  const nextSegment = segments[ref.segment + 1];
  if (nextSegment && nextSegment.start < own.end) {
    segments[ref.segment + 1] = { ...nextSegment, start: own.end };
  }
  return { segments };
}

/** ← / → and their Shift variants: the start moved by `deltaSeconds`, within its bounds. */
export function nudgeWordStart(
  transcript: Transcript,
  ref: WordRef,
  deltaSeconds: number,
  durationSeconds: number,
): Transcript {
  const word = wordAt(transcript, ref);
  if (!word) return transcript;
  return setWordStart(transcript, ref, word.start + deltaSeconds, durationSeconds);
}

/**
 * Tap-along: the word starts at `seconds`, and the words after it that would now start too soon
 * are pushed later, MIN_WORD_SECONDS apart, instead of holding the tap back (the passage is being
 * re-timed because those times were wrong). Only the previous word bounds it from below.
 */
export function placeWordStart(
  transcript: Transcript,
  ref: WordRef,
  seconds: number,
  durationSeconds: number,
): Transcript {
  const word = wordAt(transcript, ref);
  if (!word) return transcript;
  const previous = previousWordRef(transcript, ref);
  const min = previous ? wordAt(transcript, previous)!.start + MIN_WORD_SECONDS : 0;
  let start = roundTime(Math.min(Math.max(seconds, min), durationSeconds - MIN_WORD_SECONDS));

  const pushed: WordRef[] = [];
  let next = nextWordRef(transcript, ref);
  while (
    next &&
    wordAt(transcript, next)!.start < roundTime(start + (pushed.length + 1) * MIN_WORD_SECONDS)
  ) {
    pushed.push(next);
    next = nextWordRef(transcript, next);
  }
  if (next === null && pushed.length > 0) {
    // The push runs to the last word of the chapter: every word it moves must still fit.
    start = Math.min(start, roundTime(durationSeconds - (pushed.length + 1) * MIN_WORD_SECONDS));
  }

  let result = transcript;
  // From the far end back, so each moved word has room before its (already moved) successor.
  for (let index = pushed.length - 1; index >= 0; index -= 1) {
    const target = roundTime(start + (index + 1) * MIN_WORD_SECONDS);
    if (wordAt(result, pushed[index]!)!.start < target) {
      result = setWordStart(result, pushed[index]!, target, durationSeconds);
    }
  }
  return setWordStart(result, ref, start, durationSeconds);
}
