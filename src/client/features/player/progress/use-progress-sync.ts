import { useCallback, useEffect, useRef } from 'react';
import { getSyncEngine } from '#client/lib/sync/sync-engines';
import type { ChapterAudio } from './chapter-audio';
import { getDeviceId } from './device-id';
import { progressSync } from './progress-sync';

/** Spec: saved every 10 s while the position is above 0. */
export const SAVE_INTERVAL_MS = 10_000;
/** A drag on the seek bar makes many seeks: one save once it settles. */
const SEEK_SETTLE_MS = 500;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Saves the listening position of a signed-in learner: every 10 s while playing, on pause, after a
 * seek, when the page is hidden or left, and when the chapter changes. Every save goes through the
 * learner-sync engine (decision 057), so none is lost to a network failure or a closed tab; the
 * engine sends it (at once, with keepalive, when the page is going away). The end of the chapter
 * is not heard here: the one owner of the audio's `ended` (useChapterEnd) calls the returned
 * `saveCompletion` first, then rewinds.
 */
export function useProgressSync({ audio, src, chapterId, userId }: ChapterAudio): {
  saveCompletion: () => void;
} {
  const completionRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!audio || !userId || !src) return;
    const deviceId = getDeviceId();
    const engine = getSyncEngine(userId);

    const record = (position = audio.currentTime) => {
      const duration = audio.duration;
      // The source changed under us (next chapter): this position is not this chapter's.
      if (audio.getAttribute('src') !== src) return;
      if (!Number.isFinite(duration) || duration <= 0) return;
      engine.add(progressSync, {
        chapterId,
        positionSeconds: round(Math.min(Math.max(0, position), duration)),
        durationSeconds: round(duration),
        deviceId,
      });
    };

    const interval = setInterval(() => {
      if (!audio.paused && audio.currentTime > 0) record();
    }, SAVE_INTERVAL_MS);
    let seekTimer: ReturnType<typeof setTimeout> | undefined;
    // The player's own return to 0 after the end is not a position worth saving.
    let rewoundAfterEnd = false;
    const onSeeked = () => {
      if (rewoundAfterEnd && audio.currentTime === 0) {
        rewoundAfterEnd = false;
        return;
      }
      rewoundAfterEnd = false;
      clearTimeout(seekTimer);
      seekTimer = setTimeout(() => record(), SEEK_SETTLE_MS);
    };
    const onPause = () => {
      if (!audio.ended) record();
    };
    // At the end the position is the duration (completion), saved before the player resets to 0.
    completionRef.current = () => {
      rewoundAfterEnd = true;
      record(audio.duration);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && audio.currentTime > 0) record();
    };
    const onPageHide = () => {
      if (audio.currentTime > 0) record();
    };

    audio.addEventListener('seeked', onSeeked);
    audio.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);

    return () => {
      clearInterval(interval);
      clearTimeout(seekTimer);
      audio.removeEventListener('seeked', onSeeked);
      audio.removeEventListener('pause', onPause);
      completionRef.current = () => undefined;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the chapter (another chapter, another page): its last position is kept.
      if (audio.currentTime > 0) record();
    };
  }, [audio, src, chapterId, userId]);

  const saveCompletion = useCallback(() => completionRef.current(), []);
  return { saveCompletion };
}
