import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultAssistSettings,
  lineEndAction,
  lineEndOf,
  lineModeOn,
  lineStep,
  lineToReplay,
  msUntil,
  nextSleepChoice,
  parseAssistSettings,
  reachedLineEnd,
  shadowPauseMs,
  SHADOW_MARGIN_SECONDS,
  sleepFadeGain,
  sleepForMinutes,
  sleepOff,
  sleepRemainingSeconds,
  slowReplayRate,
  tickSleepTimer,
  upcomingLine,
  type AssistSettings,
} from './listening-assist.ts';

// Three lines: back to back, then a 1 s silence before the third.
const lines = [
  { start: 0.5, end: 4 },
  { start: 4, end: 7.5 },
  { start: 8.5, end: 12 },
];

const settings = (changes: Partial<AssistSettings>): AssistSettings => ({
  ...defaultAssistSettings,
  ...changes,
});

describe('stored settings', () => {
  it('reads what was stored and replaces anything unknown by its default', () => {
    expect(parseAssistSettings(null)).toEqual(defaultAssistSettings);
    expect(parseAssistSettings('not json')).toEqual(defaultAssistSettings);
    expect(parseAssistSettings('null')).toEqual(defaultAssistSettings);
    expect(
      parseAssistSettings(
        JSON.stringify({ repeatLine: true, lineEnd: 'shadow', listenFirst: 'all' }),
      ),
    ).toEqual({ repeatLine: true, lineEnd: 'shadow', listenFirst: 'all' });
    expect(
      parseAssistSettings(JSON.stringify({ repeatLine: 'yes', lineEnd: 'loop', listenFirst: 1 })),
    ).toEqual(defaultAssistSettings);
  });

  it('counts repeat, auto-pause and shadowing as line modes, not listen first', () => {
    expect(lineModeOn(defaultAssistSettings)).toBe(false);
    expect(lineModeOn(settings({ listenFirst: 'lines' }))).toBe(false);
    expect(lineModeOn(settings({ repeatLine: true }))).toBe(true);
    expect(lineModeOn(settings({ lineEnd: 'pause' }))).toBe(true);
    expect(lineModeOn(settings({ lineEnd: 'shadow' }))).toBe(true);
  });
});

describe('the line whose end the player waits for', () => {
  it('is the line playing while its end is ahead', () => {
    expect(upcomingLine(lines, 0)).toBe(0);
    expect(upcomingLine(lines, 2)).toBe(0);
    expect(upcomingLine(lines, 3.9)).toBe(0);
    expect(upcomingLine(lines, 5)).toBe(1);
  });

  it('is the next line once a line is at its end (a play after auto-pause goes on)', () => {
    // Stopped exactly at the end of line 0, or a little before it within the tolerance.
    expect(upcomingLine(lines, 4)).toBe(1);
    expect(upcomingLine(lines, 3.96)).toBe(1);
    // In the silence between lines 1 and 2: line 2.
    expect(upcomingLine(lines, 7.5)).toBe(2);
    expect(upcomingLine(lines, 8)).toBe(2);
  });

  it('is none after the last line', () => {
    expect(upcomingLine(lines, 12)).toBe(-1);
    expect(upcomingLine(lines, 20)).toBe(-1);
    expect(upcomingLine([], 1)).toBe(-1);
  });

  it('after a loop back to a line start, is that line again', () => {
    for (const [index, line] of lines.entries())
      expect(upcomingLine(lines, line.start)).toBe(index);
  });

  it('a line acted upon at its end is never the one waited for next (no double action)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 15, noNaN: true }), (time) => {
        const index = upcomingLine(lines, time);
        if (index < 0) return;
        // The line waited for has not ended yet at that time.
        expect(reachedLineEnd(lines, index, time)).toBe(false);
      }),
    );
  });

  it('a line without its end ends where the next one starts', () => {
    const untimed = [
      { start: 0, end: 0 },
      { start: 3, end: 5 },
    ];
    expect(lineEndOf(untimed, 0)).toBe(3);
    expect(upcomingLine(untimed, 1)).toBe(0);
    expect(lineEndOf([{ start: 2, end: 0 }], 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('is reached within the tolerance before the end', () => {
    expect(reachedLineEnd(lines, 0, 3.9)).toBe(false);
    expect(reachedLineEnd(lines, 0, 3.95)).toBe(true);
    expect(reachedLineEnd(lines, 0, 4.3)).toBe(true);
  });

  it('is that many milliseconds away at the playback rate', () => {
    expect(msUntil(4, 2, 1)).toBe(2000);
    expect(msUntil(4, 2, 2)).toBe(1000);
    expect(msUntil(4, 2, 0.5)).toBe(4000);
    expect(msUntil(4, 5, 1)).toBe(0);
    expect(msUntil(Number.POSITIVE_INFINITY, 5, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('at the end of a line', () => {
  const line = lines[1]!;

  it('plays on when no line mode is on', () => {
    expect(lineEndAction(defaultAssistSettings, line, 1)).toEqual({
      seekTo: null,
      pause: 'none',
      gapMs: 0,
    });
  });

  it('repeat goes back to the line start and keeps playing', () => {
    expect(lineEndAction(settings({ repeatLine: true }), line, 1)).toEqual({
      seekTo: 4,
      pause: 'none',
      gapMs: 0,
    });
  });

  it('auto-pause stops at the line end; with repeat, at the start of the same line', () => {
    expect(lineEndAction(settings({ lineEnd: 'pause' }), line, 1)).toEqual({
      seekTo: null,
      pause: 'stop',
      gapMs: 0,
    });
    expect(lineEndAction(settings({ lineEnd: 'pause', repeatLine: true }), line, 1)).toEqual({
      seekTo: 4,
      pause: 'stop',
      gapMs: 0,
    });
  });

  it('shadowing pauses for the line as it sounded plus the margin', () => {
    expect(lineEndAction(settings({ lineEnd: 'shadow' }), line, 1)).toEqual({
      seekTo: null,
      pause: 'gap',
      gapMs: (3.5 + SHADOW_MARGIN_SECONDS) * 1000,
    });
    expect(shadowPauseMs(line, 0.5)).toBe((7 + SHADOW_MARGIN_SECONDS) * 1000);
    expect(shadowPauseMs(line, 2)).toBe((1.75 + SHADOW_MARGIN_SECONDS) * 1000);
  });

  it('no shadowing pause is shorter than the margin or longer than 30 s', () => {
    expect(shadowPauseMs({ start: 3, end: 3 }, 1)).toBe(SHADOW_MARGIN_SECONDS * 1000);
    expect(shadowPauseMs({ start: 0, end: 200 }, 1)).toBe(30_000);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.constantFrom(0.5, 0.75, 1, 1.25, 1.5, 1.75, 2),
        (start, length, rate) => {
          const ms = shadowPauseMs({ start, end: start + length }, rate);
          expect(ms).toBeGreaterThanOrEqual(SHADOW_MARGIN_SECONDS * 1000);
          expect(ms).toBeLessThanOrEqual(30_000);
        },
      ),
    );
  });
});

describe('slow replay', () => {
  it('replays at 0.75×, or one step slower when the chosen speed is that slow already', () => {
    expect(slowReplayRate(1)).toBe(0.75);
    expect(slowReplayRate(2)).toBe(0.75);
    expect(slowReplayRate(0.75)).toBe(0.5);
    expect(slowReplayRate(0.5)).toBe(0.5);
  });

  it('replays the line playing, or the one just finished', () => {
    expect(lineToReplay(lines, 0.1)).toBe(-1);
    expect(lineToReplay(lines, 2)).toBe(0);
    // Paused by auto-pause at the end of line 0, which is line 1's start.
    expect(lineToReplay(lines, 4)).toBe(0);
    expect(lineToReplay(lines, 4.2)).toBe(0);
    expect(lineToReplay(lines, 4.5)).toBe(1);
    // In the silence after line 1.
    expect(lineToReplay(lines, 8)).toBe(1);
    expect(lineToReplay(lines, 0.5)).toBe(0);
  });
});

describe('the media keys step by line', () => {
  it('next goes to the following line, none after the last', () => {
    expect(lineStep(lines, 0, 1)).toBe(0);
    expect(lineStep(lines, 1, 1)).toBe(1);
    expect(lineStep(lines, 5, 1)).toBe(2);
    expect(lineStep(lines, 9, 1)).toBe(-1);
  });

  it('previous restarts a line well under way, else goes to the one before', () => {
    expect(lineStep(lines, 0.2, -1)).toBe(0);
    expect(lineStep(lines, 1, -1)).toBe(0);
    expect(lineStep(lines, 5, -1)).toBe(0);
    expect(lineStep(lines, 6.5, -1)).toBe(1);
    expect(lineStep([], 3, -1)).toBe(-1);
  });
});

describe('sleep timer', () => {
  it('counts down only while the audio plays', () => {
    const timer = sleepForMinutes(5);
    expect(timer).toEqual({ kind: 'minutes', minutes: 5, remainingMs: 300_000 });
    expect(tickSleepTimer(timer, 1000, false)).toBe(timer);
    expect(tickSleepTimer(timer, 1000, true)).toEqual({ ...timer, remainingMs: 299_000 });
    expect(tickSleepTimer({ ...timer, remainingMs: 200 }, 1000, true)).toEqual({
      ...timer,
      remainingMs: 0,
    });
    expect(tickSleepTimer(sleepOff, 1000, true)).toBe(sleepOff);
    expect(tickSleepTimer({ kind: 'chapter-end' }, 1000, true)).toEqual({ kind: 'chapter-end' });
  });

  it('at the end of the chapter, has the rest of the chapter as it sounds left', () => {
    const audio = { currentTime: 80, duration: 100, rate: 1 };
    expect(sleepRemainingSeconds({ kind: 'chapter-end' }, audio)).toBe(20);
    expect(sleepRemainingSeconds({ kind: 'chapter-end' }, { ...audio, rate: 2 })).toBe(10);
    expect(sleepRemainingSeconds({ kind: 'chapter-end' }, { ...audio, currentTime: 100 })).toBe(0);
    expect(
      sleepRemainingSeconds({ kind: 'chapter-end' }, { ...audio, duration: Number.NaN }),
    ).toBeNull();
    expect(sleepRemainingSeconds(sleepOff, audio)).toBeNull();
    expect(sleepRemainingSeconds({ ...sleepForMinutes(1), remainingMs: 2500 }, audio)).toBe(2.5);
  });

  it('fades the volume over the last 10 s, evenly (equal power), to silence', () => {
    expect(sleepFadeGain(60)).toBe(1);
    expect(sleepFadeGain(10)).toBe(1);
    expect(sleepFadeGain(5)).toBeCloseTo(Math.SQRT1_2, 10);
    expect(sleepFadeGain(0)).toBe(0);
    expect(sleepFadeGain(-1)).toBe(0);
    expect(sleepFadeGain(Number.NaN)).toBe(0);
    // Never rises as the time runs out, always within [0, 1].
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (a, b) => {
          const [less, more] = a < b ? [a, b] : [b, a];
          expect(sleepFadeGain(less)).toBeLessThanOrEqual(sleepFadeGain(more));
          expect(sleepFadeGain(less)).toBeGreaterThanOrEqual(0);
          expect(sleepFadeGain(more)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('its shortcut goes through end of chapter and the minutes, then off', () => {
    const seen: string[] = [];
    let timer = nextSleepChoice(sleepOff);
    while (timer.kind !== 'off') {
      seen.push(timer.kind === 'minutes' ? String(timer.minutes) : timer.kind);
      timer = nextSleepChoice(timer);
    }
    expect(seen).toEqual(['chapter-end', '5', '10', '15', '30', '45', '60']);
  });
});
