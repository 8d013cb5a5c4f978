import { describe, expect, it } from 'vitest';
import type { Waveform } from '#shared/contracts/studio';
import {
  MIN_WINDOW_SECONDS,
  peakColumns,
  sentenceWindow,
  timeToX,
  WINDOW_PADDING_SECONDS,
  xToTime,
} from './waveform-geometry';

const segment = (start: number, end: number) => ({
  id: 's',
  start,
  end,
  text: 'x',
  words: [{ id: 'w', text: 'x', start, end }],
});

describe('sentenceWindow', () => {
  it('shows the sentence with padding either side', () => {
    expect(sentenceWindow(segment(10, 14), 60)).toEqual({
      start: 10 - WINDOW_PADDING_SECONDS,
      end: 14 + WINDOW_PADDING_SECONDS,
    });
  });

  it('widens a short sentence and shifts the window inside the audio', () => {
    const short = sentenceWindow(segment(5, 5.2), 60);
    expect(short.end - short.start).toBeCloseTo(MIN_WINDOW_SECONDS);
    const atStart = sentenceWindow(segment(0.1, 1), 60);
    expect(atStart.start).toBe(0);
    expect(atStart.end).toBeCloseTo(0.9 + 2 * WINDOW_PADDING_SECONDS);
    const atEnd = sentenceWindow(segment(58.5, 59.8), 60);
    expect(atEnd.end).toBe(60);
    expect(atEnd.end - atEnd.start).toBeCloseTo(1.3 + 2 * WINDOW_PADDING_SECONDS);
    expect(sentenceWindow(segment(0, 0.5), 1)).toEqual({ start: 0, end: 1 });
  });
});

describe('time and x', () => {
  it('map onto each other inside the window and clamp outside it', () => {
    const window = { start: 10, end: 20 };
    expect(timeToX(12.5, window, 800)).toBe(200);
    expect(xToTime(200, window, 800)).toBe(12.5);
    expect(xToTime(-40, window, 800)).toBe(10);
    expect(xToTime(900, window, 800)).toBe(20);
  });
});

/** Back to the peaks' scale, so the expectations read as the input does. */
const scaled = (values: Float32Array) => Array.from(values, (value) => Math.round(value * 127));

describe('peakColumns', () => {
  // 4 peaks per second over 2 s: [min, max] pairs.
  const waveform: Waveform = {
    peaksPerSecond: 4,
    durationSeconds: 2,
    peaks: [-10, 10, -20, 20, -127, 127, 0, 0, -5, 5, -6, 6, -7, 7, -8, 64],
  };

  it('takes the extremes of the peaks each column covers', () => {
    const { min, max } = peakColumns(waveform, { start: 0, end: 2 }, 2);
    expect(scaled(min)).toEqual([-127, -8]);
    expect(scaled(max)).toEqual([127, 64]);
  });

  it('repeats the nearest peak when zoomed in past the peaks’ resolution', () => {
    const { max } = peakColumns(waveform, { start: 0.5, end: 0.75 }, 4);
    expect(scaled(max)).toEqual([127, 127, 127, 127]);
  });

  it('draws nothing beyond the audio', () => {
    const { min, max } = peakColumns(waveform, { start: 1.5, end: 2.5 }, 4);
    expect(scaled(max)).toEqual([7, 64, 0, 0]);
    expect(scaled(min)).toEqual([-7, -8, 0, 0]);
  });
});
