import type { Waveform } from '#shared/contracts/studio';
import type { TranscriptSegment } from '#shared/transcript';

/** A stretch of the chapter's audio shown across the waveform's width. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** Room shown on either side of a sentence, so its first and last boundaries can be dragged. */
export const WINDOW_PADDING_SECONDS = 0.6;
/** A very short sentence is still shown over this much audio (boundaries stay far enough apart). */
export const MIN_WINDOW_SECONDS = 2;

/** The window that shows one sentence with some audio either side, inside the chapter. */
export function sentenceWindow(segment: TranscriptSegment, durationSeconds: number): TimeWindow {
  const first = Math.min(segment.start, segment.words[0]?.start ?? segment.start);
  const last = Math.max(segment.end, segment.words.at(-1)?.end ?? segment.end);
  let start = first - WINDOW_PADDING_SECONDS;
  let end = last + WINDOW_PADDING_SECONDS;
  const missing = MIN_WINDOW_SECONDS - (end - start);
  if (missing > 0) {
    start -= missing / 2;
    end += missing / 2;
  }
  // Shifted, not cut, at the ends of the audio, as long as the audio is long enough.
  if (start < 0) {
    end = Math.min(durationSeconds, end - start);
    start = 0;
  }
  if (end > durationSeconds) {
    start = Math.max(0, start - (end - durationSeconds));
    end = durationSeconds;
  }
  return { start, end: Math.max(end, start) };
}

const span = (window: TimeWindow) => Math.max(window.end - window.start, Number.EPSILON);

export const timeToX = (seconds: number, window: TimeWindow, width: number): number =>
  ((seconds - window.start) / span(window)) * width;

/** The time under a pointer `x` pixels from the waveform's left edge, inside the window. */
export function xToTime(x: number, window: TimeWindow, width: number): number {
  const fraction = width > 0 ? Math.min(1, Math.max(0, x / width)) : 0;
  return window.start + fraction * span(window);
}

export interface PeakColumns {
  /** Per pixel column, the lowest and highest sample, -1…1 (0 where there is no audio). */
  min: Float32Array;
  max: Float32Array;
}

/**
 * The waveform of `window` drawn `columns` pixels wide: each column takes the extremes of the
 * peaks it covers, or of the nearest peak when zoomed in further than the peaks' resolution.
 */
export function peakColumns(waveform: Waveform, window: TimeWindow, columns: number): PeakColumns {
  const count = Math.max(0, Math.floor(columns));
  const min = new Float32Array(count);
  const max = new Float32Array(count);
  const steps = Math.floor(waveform.peaks.length / 2);
  const rate = waveform.peaksPerSecond;
  if (steps === 0 || rate <= 0) return { min, max };
  const secondsPerColumn = span(window) / Math.max(count, 1);
  for (let column = 0; column < count; column += 1) {
    const from = window.start + column * secondsPerColumn;
    const first = Math.floor(from * rate);
    const last = Math.max(first + 1, Math.ceil((from + secondsPerColumn) * rate));
    let low = 0;
    let high = 0;
    let seen = false;
    for (let step = Math.max(0, first); step < Math.min(last, steps); step += 1) {
      const stepLow = waveform.peaks[step * 2]!;
      const stepHigh = waveform.peaks[step * 2 + 1]!;
      low = seen ? Math.min(low, stepLow) : stepLow;
      high = seen ? Math.max(high, stepHigh) : stepHigh;
      seen = true;
    }
    min[column] = low / 127;
    max[column] = high / 127;
  }
  return { min, max };
}
