/**
 * Each sentence aligned at the full rate (10 ms) on its own, inside a band around where the coarse
 * path put it. A sentence that the coarse path placed a little wrong still finds itself (the band
 * is wide and both ends are open), and one sentence's trouble stays in that sentence.
 */
import { warp, type Band, type FeatureMatrix, type WarpingPath } from './dtw.ts';
import { FRAME_SECONDS } from './features.ts';
import { COARSE_FACTOR, type CoarseAlignment } from './coarse.ts';
import { sliceFrames } from './normalise.ts';
import { mapEnd, mapPosition, rowSpans, type RowSpans } from './path-map.ts';
import type { ReferenceSentence } from './reference.ts';

/** Frames either side of the coarse path a sentence may move: 0.4 s. */
const FINE_RADIUS = 40;

export interface SentenceAlignment {
  /** Path in chapter coordinates: reference rows and recording columns, 10 ms frames. */
  path: WarpingPath;
  spans: RowSpans;
  /** Recording frames (fractional) where each word starts. */
  wordStarts: number[];
  /** Seconds where the sound of each word after a pause begins (null for the others). */
  onsets: (number | null)[];
  /** Seconds where eSpeak's rise at each word's start (if any) falls in the recording. */
  startRises: (number | null)[];
  /** Seconds where the reference's own dips end, carried onto the recording. */
  explainedSilences: number[];
  /** Recording frame just after the sentence's speech. */
  end: number;
  /** Where the coarse path alone put the sentence's first word. */
  coarseStart: number;
}

/** The coarse path's recording columns for one 10 ms reference row, in 10 ms frames. */
function coarseColumns(coarse: CoarseAlignment, row: number): [number, number] {
  const { spans } = coarse;
  const r = Math.min(spans.first.length - 1, Math.max(0, Math.floor(row / COARSE_FACTOR)));
  return [
    (spans.first[r] as number) * COARSE_FACTOR,
    ((spans.last[r] as number) + 1) * COARSE_FACTOR,
  ];
}

/** A silence this long (frames) inside a word is a pause before it, not a stop's closure. */
const PAUSE_IN_WORD_FRAMES = 30;

/**
 * Where each word starts: where the path first meets its first reference frame, unless the word
 * then spans a pause of the recording with less of its sound before the pause than after it (the
 * narrator paused before the word where the reference runs on; holding any frame over silence
 * costs the same, so the path may put the word's first frames on the previous word's tail), or
 * the frame falls in a silence: then where the voice starts after the pause.
 */
function voiceStarts(
  spans: RowSpans,
  rows: readonly number[],
  end: number,
  speech: Uint8Array | undefined,
): number[] {
  const mapped = rows.map((row) => mapPosition(spans, row));
  if (!speech) return mapped;
  return mapped.map((at, w) => {
    const limit = Math.min(Math.floor(mapped[w + 1] ?? end), Math.floor(end));
    let column = Math.floor(at);
    let soundBefore = 0;
    while (column < limit) {
      if (speech[column] === 1) {
        soundBefore++;
        column++;
        continue;
      }
      let after = column;
      while (after < limit && speech[after] !== 1) after++;
      if (after >= limit) break;
      const opening = column === Math.floor(at);
      if (opening || after - column >= PAUSE_IN_WORD_FRAMES) {
        let soundAfter = 0;
        for (let k = after; k < limit; k++) soundAfter += speech[k] as number;
        if (opening || soundBefore < soundAfter) return after;
      }
      column = after;
    }
    return at;
  });
}

export function alignSentence(
  sentence: ReferenceSentence,
  reference: FeatureMatrix,
  recording: FeatureMatrix,
  coarse: CoarseAlignment,
  skipCost: Float32Array,
  holdCost?: Float32Array,
  speech?: Uint8Array,
): SentenceAlignment {
  const rows = sentence.endFrame - sentence.firstFrame;
  const lo = new Int32Array(rows);
  const hi = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const [first, end] = coarseColumns(coarse, sentence.firstFrame + r);
    lo[r] = Math.max(0, Math.min(recording.frames - 1, first - FINE_RADIUS));
    hi[r] = Math.min(recording.frames, Math.max(lo[r] as number, end + FINE_RADIUS) + 1);
  }
  for (let r = 1; r < rows; r++) {
    lo[r] = Math.max(lo[r] as number, lo[r - 1] as number);
    hi[r] = Math.max(hi[r] as number, hi[r - 1] as number);
  }
  const from = lo[0] as number;
  const to = hi[rows - 1] as number;
  const band: Band = { lo: lo.map((c) => c - from), hi: hi.map((c) => c - from) };
  const local = warp(
    sliceFrames(reference, sentence.firstFrame, sentence.endFrame),
    sliceFrames(recording, from, to),
    band,
    {
      openStart: true,
      openEnd: true,
      skipCost: skipCost.subarray(from, to),
      holdCost: holdCost?.subarray(from, to),
    },
  );
  const path: WarpingPath = {
    rows: local.rows.map((r) => r + sentence.firstFrame),
    columns: local.columns.map((c) => c + from),
    distances: local.distances,
  };
  const spans = rowSpans(path);
  const firstWord = sentence.wordStarts[0] ?? sentence.firstFrame;
  const coarseStart = mapPosition(coarse.spans, firstWord / COARSE_FACTOR) * COARSE_FACTOR;
  return {
    path,
    spans,
    wordStarts: voiceStarts(spans, sentence.wordStarts, mapEnd(spans, sentence.endFrame), speech),
    onsets: sentence.onsetDelays.map((delay, w) =>
      delay === null
        ? null
        : mapPosition(spans, (sentence.wordStarts[w] ?? 0) + delay / FRAME_SECONDS) * FRAME_SECONDS,
    ),
    startRises: sentence.riseOffsets.map((offset, w) =>
      offset === null
        ? null
        : mapPosition(spans, (sentence.wordStarts[w] ?? 0) + offset / FRAME_SECONDS) *
          FRAME_SECONDS,
    ),
    explainedSilences: sentence.dipRises.map((row) => mapPosition(spans, row) * FRAME_SECONDS),
    end: mapEnd(spans, sentence.endFrame),
    coarseStart,
  };
}
