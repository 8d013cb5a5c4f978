import { useCallback, useEffect, useRef } from 'react';
import {
  lineEndAction,
  lineEndOf,
  lineModeOn,
  lineStep,
  lineToReplay,
  msUntil,
  reachedLineEnd,
  slowReplayRate,
  upcomingLine,
  type AssistSettings,
  type TimedLine,
} from '#shared/player/listening-assist';
import { playAudio, seekTo, setRate } from '#client/components/audio/audio-actions';
import { onChapterEnd } from '#client/components/audio/chapter-end';
import { activityStore, idleActivity } from './assist-store';

interface LineController {
  /** The settings changed: wait for the right line end again. */
  refresh(): void;
  replaySlowly(): void;
  /** Shadowing: stay paused instead of playing on by itself. */
  stayPaused(): void;
  stepLine(direction: -1 | 1): void;
  dispose(): void;
}

/**
 * Applies the line modes to the audio element: at the end of the line it waits for (a timer set
 * for the moment the line ends at the current rate, checked again on `timeupdate`), it loops,
 * pauses, or pauses for the learner to repeat and then plays on; the slow replay plays a line at
 * 0.75× and gives the chosen speed back at its end. It only seeks, pauses, plays and sets the rate
 * (what a learner's own presses do), so progress saving and the highlight see ordinary playback.
 */
function createLineController(
  audio: HTMLAudioElement,
  lines: readonly TimedLine[],
  settingsOf: () => AssistSettings,
): LineController {
  let endTimer: ReturnType<typeof setTimeout> | undefined;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  /** The line whose end is awaited (-1: none). */
  let watched = -1;
  let slow: { line: number; rate: number; restoreRate: number } | null = null;
  /** Seeks and pauses of our own, told apart from the learner's. */
  let ownSeeks = 0;
  let ownPause = false;

  const setActivity = activityStore.set;
  const active = () => lineModeOn(settingsOf()) || slow !== null;

  const seekOwn = (time: number) => {
    ownSeeks += 1;
    seekTo(audio, time);
  };

  const cancelGap = () => {
    if (gapTimer === undefined) return;
    clearTimeout(gapTimer);
    gapTimer = undefined;
  };

  const endSlowReplay = () => {
    if (!slow) return;
    if (audio.playbackRate === slow.rate) setRate(audio, slow.restoreRate);
    slow = null;
  };

  const schedule = () => {
    clearTimeout(endTimer);
    endTimer = undefined;
    watched = -1;
    if (audio.paused || !active()) return;
    watched = slow ? slow.line : upcomingLine(lines, audio.currentTime);
    if (watched < 0) return;
    const wait = msUntil(lineEndOf(lines, watched), audio.currentTime, audio.playbackRate);
    if (!Number.isFinite(wait)) return;
    endTimer = setTimeout(check, wait);
  };

  const act = (index: number) => {
    const wasSlow = slow?.line === index;
    endSlowReplay();
    const settings = settingsOf();
    const line = { start: lines[index]!.start, end: lineEndOf(lines, index) };
    const action = lineEndAction(settings, line, audio.playbackRate);
    if (action.pause !== 'none') {
      ownPause = true;
      audio.pause();
    }
    if (action.seekTo !== null) seekOwn(action.seekTo);
    if (action.pause === 'stop') {
      setActivity({ kind: 'paused-at-line-end', line: index });
    } else if (action.pause === 'gap') {
      setActivity({ kind: 'shadow-gap', line: index, resumesAt: Date.now() + action.gapMs });
      gapTimer = setTimeout(() => {
        gapTimer = undefined;
        setActivity(idleActivity);
        playAudio(audio);
      }, action.gapMs);
    } else if (wasSlow) {
      setActivity(idleActivity);
    }
    schedule();
  };

  function check() {
    endTimer = undefined;
    if (watched < 0 || audio.paused) return;
    // Timers and the media clock drift apart a little: early, wait for the rest.
    if (reachedLineEnd(lines, watched, audio.currentTime)) act(watched);
    else schedule();
  }

  const onTimeUpdate = () => {
    if (watched >= 0 && !audio.paused && reachedLineEnd(lines, watched, audio.currentTime)) {
      clearTimeout(endTimer);
      act(watched);
    }
  };
  const onPlay = () => {
    // The learner plays during a shadowing pause, or after an auto-pause: go on from here.
    cancelGap();
    const activity = activityStore.get();
    if (activity.kind === 'paused-at-line-end' || activity.kind === 'shadow-gap') {
      setActivity(idleActivity);
    }
    schedule();
  };
  const onPause = () => {
    clearTimeout(endTimer);
    endTimer = undefined;
    if (ownPause) {
      ownPause = false;
      return;
    }
    // The learner paused: nothing plays by itself any more.
    cancelGap();
  };
  const onSeeking = () => {
    if (ownSeeks > 0) {
      ownSeeks -= 1;
    } else {
      // The learner moved: a pending shadowing pause or slow replay is theirs to restart.
      if (gapTimer !== undefined) {
        cancelGap();
        setActivity(idleActivity);
      }
      if (slow) {
        const line = lines[slow.line]!;
        const time = audio.currentTime;
        if (time < line.start || time >= lineEndOf(lines, slow.line)) {
          endSlowReplay();
          setActivity(idleActivity);
        }
      }
      if (activityStore.get().kind === 'paused-at-line-end') setActivity(idleActivity);
    }
    schedule();
  };
  const onRateChange = () => {
    // The learner chose another speed during the slow replay: theirs stays.
    if (slow && audio.playbackRate !== slow.rate) {
      slow = null;
      setActivity(idleActivity);
    }
    schedule();
  };

  // The chapter ended: no line is waited for any more; a slow replay gives the learner's speed
  // back and a shadowing pause ends (the chapter end's `assist` step, before the sleep timer's
  // status and the next chapter).
  const releaseAtChapterEnd = onChapterEnd(audio, 'assist', () => {
    clearTimeout(endTimer);
    endTimer = undefined;
    watched = -1;
    cancelGap();
    endSlowReplay();
    setActivity(idleActivity);
  });

  audio.addEventListener('timeupdate', onTimeUpdate);
  audio.addEventListener('play', onPlay);
  audio.addEventListener('pause', onPause);
  audio.addEventListener('seeking', onSeeking);
  audio.addEventListener('ratechange', onRateChange);
  schedule();

  return {
    refresh() {
      if (settingsOf().lineEnd !== 'shadow' && gapTimer !== undefined) {
        cancelGap();
        setActivity(idleActivity);
      }
      const activity = activityStore.get();
      if (activity.kind === 'paused-at-line-end' && settingsOf().lineEnd !== 'pause') {
        setActivity(idleActivity);
      }
      schedule();
    },
    replaySlowly() {
      // Stopped by the assist after a line (a loop may have gone back to its start): that line.
      const activity = activityStore.get();
      const index =
        activity.kind === 'paused-at-line-end' || activity.kind === 'shadow-gap'
          ? activity.line
          : Math.max(0, lineToReplay(lines, audio.currentTime));
      if (!lines[index]) return;
      cancelGap();
      const restoreRate = slow ? slow.restoreRate : audio.playbackRate;
      const rate = slowReplayRate(restoreRate);
      slow = { line: index, rate, restoreRate };
      setRate(audio, rate);
      seekOwn(lines[index]!.start);
      setActivity({ kind: 'slow-replay', line: index, rate });
      playAudio(audio);
      schedule();
    },
    stayPaused() {
      cancelGap();
      setActivity(idleActivity);
    },
    stepLine(direction) {
      const index = lineStep(lines, audio.currentTime, direction);
      if (index < 0) return;
      cancelGap();
      setActivity(idleActivity);
      seekOwn(lines[index]!.start);
      schedule();
    },
    dispose() {
      clearTimeout(endTimer);
      cancelGap();
      endSlowReplay();
      setActivity(idleActivity);
      releaseAtChapterEnd();
      audio.removeEventListener('timeupdate', onTimeUpdate);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('seeking', onSeeking);
      audio.removeEventListener('ratechange', onRateChange);
    },
  };
}

export interface LineAssistActions {
  replaySlowly: () => void;
  stayPaused: () => void;
  stepLine: (direction: -1 | 1) => void;
}

/**
 * The line modes on this audio and transcript, and the media keys' previous/next track stepping
 * by line while one of them is on.
 */
export function useLineAssist(
  audio: HTMLAudioElement | null,
  lines: readonly TimedLine[] | null,
  settings: AssistSettings,
): LineAssistActions {
  const settingsRef = useRef(settings);
  const controllerRef = useRef<LineController | null>(null);

  useEffect(() => {
    if (!audio || !lines || lines.length === 0) return;
    const controller = createLineController(audio, lines, () => settingsRef.current);
    controllerRef.current = controller;
    return () => {
      controller.dispose();
      controllerRef.current = null;
    };
  }, [audio, lines]);

  useEffect(() => {
    settingsRef.current = settings;
    controllerRef.current?.refresh();
  }, [settings]);

  const lineMode = lineModeOn(settings);
  useEffect(() => {
    if (!audio || !lineMode || typeof navigator === 'undefined' || !('mediaSession' in navigator)) {
      return;
    }
    const session = navigator.mediaSession;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['previoustrack', () => controllerRef.current?.stepLine(-1)],
      ['nexttrack', () => controllerRef.current?.stepLine(1)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not support the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Not supported: nothing to remove.
        }
      }
    };
  }, [audio, lineMode]);

  const replaySlowly = useCallback(() => controllerRef.current?.replaySlowly(), []);
  const stayPaused = useCallback(() => controllerRef.current?.stayPaused(), []);
  const stepLine = useCallback(
    (direction: -1 | 1) => controllerRef.current?.stepLine(direction),
    [],
  );
  return { replaySlowly, stayPaused, stepLine };
}
