import { useEffect, useSyncExternalStore } from 'react';
import {
  sleepFadeGain,
  sleepOff,
  sleepRemainingSeconds,
  tickSleepTimer,
} from '#shared/player/listening-assist';
import { onChapterEnd } from '#client/components/audio/chapter-end';
import { activityStore, sleepTimerStore } from './assist-store';

/** How often the countdown and the fade move on while a sleep timer is set. */
const TICK_MS = 200;

const timerSet = () => sleepTimerStore.get().kind !== 'off';

/**
 * Runs the sleep timer on this audio: it counts the minutes down while the audio plays (or watches
 * the chapter's end), fades the volume out over the last 10 s, then pauses, gives the volume back
 * and turns itself off. The timer lives in the page's memory, so the countdown carries on into the
 * next chapter.
 */
export function useSleepTimer(audio: HTMLAudioElement | null): void {
  const on = useSyncExternalStore(sleepTimerStore.subscribe, timerSet, () => false);

  useEffect(() => {
    if (!audio || !on) return;
    let last = performance.now();
    /** The learner's volume while the fade lowers it. */
    let volumeBeforeFade: number | null = null;
    const restoreVolume = () => {
      if (volumeBeforeFade === null) return;
      audio.volume = volumeBeforeFade;
      volumeBeforeFade = null;
    };
    const sleep = () => {
      audio.pause();
      restoreVolume();
      sleepTimerStore.set(sleepOff);
      activityStore.set({ kind: 'slept' });
    };

    const tick = () => {
      const now = performance.now();
      const timer = tickSleepTimer(sleepTimerStore.get(), now - last, !audio.paused);
      last = now;
      sleepTimerStore.set(timer);
      const remaining = sleepRemainingSeconds(timer, {
        currentTime: audio.currentTime,
        duration: audio.duration,
        rate: audio.playbackRate,
      });
      if (remaining === null) return;
      if (timer.kind === 'minutes' && remaining <= 0) {
        sleep();
        return;
      }
      const gain = sleepFadeGain(remaining);
      if (gain >= 1) {
        restoreVolume();
        return;
      }
      volumeBeforeFade ??= audio.volume;
      audio.volume = volumeBeforeFade * gain;
    };
    // The chapter's end pauses by itself; a timer set to it has done its job there, and the
    // listening stops: the next chapter does not start by itself (the chapter end's order puts
    // this step after the assist's, which clears its status, and before the next chapter's).
    const stopAtChapterEnd = onChapterEnd(audio, 'sleep-timer', (end) => {
      if (sleepTimerStore.get().kind !== 'chapter-end') return;
      end.stop();
      restoreVolume();
      sleepTimerStore.set(sleepOff);
      activityStore.set({ kind: 'slept' });
    });

    const interval = setInterval(tick, TICK_MS);
    return () => {
      clearInterval(interval);
      stopAtChapterEnd();
      restoreVolume();
    };
  }, [audio, on]);
}
