import { PLAYBACK_RATES } from './timing.ts';

/**
 * The listening assist's timing rules (decision 034): which line's end the player waits for, what
 * happens there (loop, pause, shadowing pause), the slow replay's rate, the previous/next line of
 * the media keys, and the sleep timer's countdown and fade. Pure: the client's hooks apply them to
 * the audio element.
 */

/** What happens when a line ends. */
export const LINE_END_MODES = ['continue', 'pause', 'shadow'] as const;
export type LineEndMode = (typeof LINE_END_MODES)[number];

/** Listen first: every line's text hidden until revealed, or the whole transcript hidden. */
export const LISTEN_FIRST_MODES = ['off', 'lines', 'all'] as const;
export type ListenFirstMode = (typeof LISTEN_FIRST_MODES)[number];

export interface AssistSettings {
  /** Loop the current line until turned off. */
  repeatLine: boolean;
  lineEnd: LineEndMode;
  listenFirst: ListenFirstMode;
}

export const defaultAssistSettings: AssistSettings = {
  repeatLine: false,
  lineEnd: 'continue',
  listenFirst: 'off',
};

/** Whether a mode acting on line ends is on (the media keys then step by line). */
export const lineModeOn = (settings: AssistSettings) =>
  settings.repeatLine || settings.lineEnd !== 'continue';

/** Stored settings, anything unknown replaced by its default. */
export function parseAssistSettings(raw: string | null): AssistSettings {
  if (raw === null) return defaultAssistSettings;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof AssistSettings, unknown>> | null;
    if (typeof value !== 'object' || value === null) return defaultAssistSettings;
    return {
      repeatLine: value.repeatLine === true,
      lineEnd: LINE_END_MODES.includes(value.lineEnd as LineEndMode)
        ? (value.lineEnd as LineEndMode)
        : 'continue',
      listenFirst: LISTEN_FIRST_MODES.includes(value.listenFirst as ListenFirstMode)
        ? (value.listenFirst as ListenFirstMode)
        : 'off',
    };
  } catch {
    return defaultAssistSettings;
  }
}

/**
 * A line's end is reached this close to it: the audio clock and timers are not exact, and the same
 * tolerance decides which line comes next, so a line acted upon is never acted upon twice.
 */
export const LINE_END_TOLERANCE_SECONDS = 0.05;
/** Shadowing: the pause after a line lasts as long as the line sounded, plus this margin. */
export const SHADOW_MARGIN_SECONDS = 1;
/** No shadowing pause is longer than this (a line without its end time, a very long line). */
export const SHADOW_MAX_SECONDS = 30;
/** The slow replay's rate, unless the chosen speed is already this slow. */
export const SLOW_REPLAY_RATE = 0.75;
/** Within this much of a line's start, "replay" and "previous" mean the line before. */
export const LINE_START_GRACE_SECONDS = 0.3;
/** "Previous line" restarts the current line when more than this has played of it. */
export const RESTART_LINE_AFTER_SECONDS = 2;

export interface TimedLine {
  start: number;
  end: number;
}

/** A line's end: its own, or the next line's start when it has none (end ≤ start). */
export function lineEndOf(lines: readonly TimedLine[], index: number): number {
  const line = lines[index]!;
  if (line.end > line.start) return line.end;
  const next = lines[index + 1];
  return next ? Math.max(next.start, line.start) : Number.POSITIVE_INFINITY;
}

/** The last line started at `time` (within the tolerance), or -1. Lines are sorted by start. */
function lineStartedAt(lines: readonly TimedLine[], time: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (lines[middle]!.start <= time + LINE_END_TOLERANCE_SECONDS) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * The line whose end the player waits for at `time`: the line playing if its end is still ahead,
 * else the next one (after a pause at a line's end, the next play goes on to the next line). -1
 * when no line ends after `time`.
 */
export function upcomingLine(lines: readonly TimedLine[], time: number): number {
  const started = lineStartedAt(lines, time);
  if (started >= 0 && lineEndOf(lines, started) > time + LINE_END_TOLERANCE_SECONDS) {
    return started;
  }
  const next = started + 1;
  return next < lines.length ? next : -1;
}

/** Whether `time` has reached the end of line `index`. */
export const reachedLineEnd = (lines: readonly TimedLine[], index: number, time: number) =>
  time >= lineEndOf(lines, index) - LINE_END_TOLERANCE_SECONDS;

/** Milliseconds of playback at `rate` from `time` to `end` (0 when reached). */
export function msUntil(end: number, time: number, rate: number): number {
  if (!Number.isFinite(end)) return Number.POSITIVE_INFINITY;
  const speed = rate > 0 ? rate : 1;
  return Math.max(0, ((end - time) / speed) * 1000);
}

/** How long the learner gets to repeat a line aloud: the line as it sounded, plus the margin. */
export function shadowPauseMs(line: TimedLine, rate: number): number {
  const speed = rate > 0 ? rate : 1;
  const length = Math.max(0, line.end - line.start) / speed;
  return Math.round(Math.min(SHADOW_MAX_SECONDS, length + SHADOW_MARGIN_SECONDS) * 1000);
}

/** What the player does when line `line` ends. */
export interface LineEndAction {
  /** Where playback goes on from (the line's start when looping), or null to stay. */
  seekTo: number | null;
  /** none: keep playing; stop: pause until the learner plays; gap: pause, then play by itself. */
  pause: 'none' | 'stop' | 'gap';
  /** The gap's length in milliseconds (0 unless `pause` is 'gap'). */
  gapMs: number;
}

export function lineEndAction(
  settings: AssistSettings,
  line: TimedLine,
  rate: number,
): LineEndAction {
  const seekTo = settings.repeatLine ? line.start : null;
  switch (settings.lineEnd) {
    case 'pause':
      return { seekTo, pause: 'stop', gapMs: 0 };
    case 'shadow':
      return { seekTo, pause: 'gap', gapMs: shadowPauseMs(line, rate) };
    default:
      return { seekTo, pause: 'none', gapMs: 0 };
  }
}

/**
 * The line "replay" means at `time`: the one playing, or the one just finished when the next
 * started less than a moment ago (or playback stopped at its end). -1 before the first line.
 */
export function lineToReplay(lines: readonly TimedLine[], time: number): number {
  let index = lineStartedAt(lines, time);
  if (index > 0 && time - lines[index]!.start < LINE_START_GRACE_SECONDS) index -= 1;
  return index;
}

/** The slow replay's rate: 0.75×, or the next slower allowed rate when already that slow. */
export function slowReplayRate(chosen: number): number {
  if (chosen > SLOW_REPLAY_RATE) return SLOW_REPLAY_RATE;
  const slower = [...PLAYBACK_RATES].reverse().find((rate) => rate < chosen);
  return slower ?? chosen;
}

/**
 * The line the media keys' previous (-1) or next (+1) track goes to: next is the line after the
 * current one; previous restarts the current line when more than 2 s of it played, else goes to
 * the one before. -1 when there is none.
 */
export function lineStep(lines: readonly TimedLine[], time: number, direction: -1 | 1): number {
  if (lines.length === 0) return -1;
  const current = lineStartedAt(lines, time);
  if (direction === 1) return current + 1 < lines.length ? current + 1 : -1;
  if (current < 0) return 0;
  if (time - lines[current]!.start > RESTART_LINE_AFTER_SECONDS) return current;
  return Math.max(0, current - 1);
}

/* ---------------------------------------------------------------- sleep timer */

/** Sleep after so many minutes of listening. */
export const SLEEP_MINUTES = [5, 10, 15, 30, 45, 60] as const;
/** The volume fades to silence over the timer's last seconds. */
export const SLEEP_FADE_SECONDS = 10;

export type SleepTimer =
  | { kind: 'off' }
  | { kind: 'chapter-end' }
  /** Counts down while the audio plays (a pause does not use up the learner's minutes). */
  | { kind: 'minutes'; minutes: number; remainingMs: number };

export const sleepOff: SleepTimer = { kind: 'off' };

export const sleepForMinutes = (minutes: number): Extract<SleepTimer, { kind: 'minutes' }> => ({
  kind: 'minutes',
  minutes,
  remainingMs: minutes * 60_000,
});

/** The timer after `elapsedMs` of wall time, which counted only if the audio was playing. */
export function tickSleepTimer(timer: SleepTimer, elapsedMs: number, playing: boolean): SleepTimer {
  if (timer.kind !== 'minutes' || !playing || !(elapsedMs > 0)) return timer;
  return { ...timer, remainingMs: Math.max(0, timer.remainingMs - elapsedMs) };
}

/**
 * Seconds of listening left before the timer pauses: the minutes left, or the rest of the chapter
 * as it sounds at the current rate. null when off or the duration is unknown.
 */
export function sleepRemainingSeconds(
  timer: SleepTimer,
  audio: { currentTime: number; duration: number; rate: number },
): number | null {
  if (timer.kind === 'minutes') return timer.remainingMs / 1000;
  if (timer.kind === 'chapter-end') {
    if (!Number.isFinite(audio.duration) || audio.duration <= 0) return null;
    const speed = audio.rate > 0 ? audio.rate : 1;
    return Math.max(0, audio.duration - audio.currentTime) / speed;
  }
  return null;
}

/**
 * The volume's factor with `remainingSeconds` left: 1 until the fade starts, then an equal-power
 * (cosine) fade to 0, which sounds even rather than dropping away at the start.
 */
export function sleepFadeGain(
  remainingSeconds: number,
  fadeSeconds: number = SLEEP_FADE_SECONDS,
): number {
  if (!(remainingSeconds > 0)) return 0;
  if (remainingSeconds >= fadeSeconds) return 1;
  return Math.sin((remainingSeconds / fadeSeconds) * (Math.PI / 2));
}

/** The next choice of the sleep timer's shortcut: off → end of chapter → 5 … 60 min → off. */
export function nextSleepChoice(timer: SleepTimer): SleepTimer {
  if (timer.kind === 'off') return { kind: 'chapter-end' };
  if (timer.kind === 'chapter-end') return sleepForMinutes(SLEEP_MINUTES[0]);
  const next = SLEEP_MINUTES.find((minutes) => minutes > timer.minutes);
  return next === undefined ? sleepOff : sleepForMinutes(next);
}

/* ---------------------------------------------------------------- shortcuts */

/** The assist's keys, listed in the player's shortcuts help. */
export const ASSIST_SHORTCUTS = [
  { key: 'r', label: 'R', action: 'Repeat the current line (on/off)' },
  { key: 'p', label: 'P', action: 'Pause at the end of each line (on/off)' },
  { key: 's', label: 'S', action: 'Shadowing: pause to repeat each line (on/off)' },
  { key: 'l', label: 'L', action: 'Replay the current line slowly' },
  { key: 'h', label: 'H', action: 'Listen first: hide lines, all, or show' },
  { key: 't', label: 'T', action: 'Reveal the current line' },
  { key: 'z', label: 'Z', action: 'Sleep timer: next choice' },
] as const;
export type AssistShortcutKey = (typeof ASSIST_SHORTCUTS)[number]['key'];
