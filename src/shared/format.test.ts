import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, formatMinutes, recordingSeconds } from './format';

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [75, '1:15'],
    [75.9, '1:15'],
    [599, '9:59'],
    [3599, '59:59'],
  ])('formats %s seconds under an hour as m:ss → %s', (input, expected) => {
    expect(formatClock(input)).toBe(expected);
  });

  it.each([
    [3600, '1h 0m'],
    [3725, '1h 2m'],
    [7199, '1h 59m'],
    [36000, '10h 0m'],
  ])('formats %s seconds from an hour as Hh Mm → %s', (input, expected) => {
    expect(formatClock(input)).toBe(expected);
  });

  it.each([-5, Number.NaN, Number.POSITIVE_INFINITY])('treats %s as zero', (input) => {
    expect(formatClock(input)).toBe('0:00');
  });
});

describe("a recording's length", () => {
  it('is its exact length to the nearest second, stored or shown (issue 23: 2:33 in the studio)', () => {
    expect(recordingSeconds(153.6)).toBe(154);
    expect(recordingSeconds(153.4)).toBe(153);
    expect(recordingSeconds(153.5)).toBe(154);
    // The exact length the studio and the player read shows as the stored one does.
    expect(formatDuration(153.6)).toBe('2:34');
    expect(formatDuration(recordingSeconds(153.6))).toBe('2:34');
    // A place in it still reads as a clock: 153.6 s into the recording is 2:33.
    expect(formatClock(153.6)).toBe('2:33');
    expect(formatDuration(3599.6)).toBe('1h 0m');
  });

  it.each([-5, Number.NaN, Number.POSITIVE_INFINITY])('counts %s as zero', (input) => {
    expect(recordingSeconds(input)).toBe(0);
    expect(formatDuration(input)).toBe('0:00');
  });
});

describe('formatMinutes', () => {
  it.each([
    [0, 0],
    [29, 0],
    [30, 1],
    [89, 1],
    [90, 2],
    [3725, 62],
  ])('rounds %s seconds to %s minutes', (input, expected) => {
    expect(formatMinutes(input)).toBe(expected);
  });

  it.each([-60, Number.NaN, Number.POSITIVE_INFINITY])('treats %s as zero', (input) => {
    expect(formatMinutes(input)).toBe(0);
  });
});
