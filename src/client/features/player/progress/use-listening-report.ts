import { useEffect } from 'react';
import { getSyncEngine } from '#client/lib/sync/sync-engines';
import type { ChapterAudio } from './chapter-audio';
import { ListeningCounter, newListeningSessionId } from './listening-counter';
import { listeningSync } from './listening-sync';

/** While playing, the running total is recorded this often (and on pause, hide and leave). */
export const LISTENING_REPORT_INTERVAL_MS = 15_000;

/**
 * Reports a signed-in learner's time actually listened in this player visit of a chapter (one
 * listening session, decision 033). Each report carries the session's running total and goes
 * through the learner-sync engine (decision 057), which keeps the newest of the session until the
 * server has it: minutes listened offline or in a tab that closed reach it later, and the server
 * keeps the largest total, so a repeated or late one never counts twice. Kept apart from the
 * progress save, whose path stays as fast as it was.
 */
export function useListeningReport({ audio, src, chapterId, userId }: ChapterAudio): void {
  useEffect(() => {
    if (!audio || !userId || !src) return;
    const engine = getSyncEngine(userId);
    const sessionId = newListeningSessionId();
    const counter = new ListeningCounter();
    let reported = 0;

    const report = () => {
      const listenedSeconds = Math.round(counter.total * 1000) / 1000;
      if (listenedSeconds <= reported) return;
      reported = listenedSeconds;
      engine.add(listeningSync, { sessionId, chapterId, listenedSeconds });
    };

    const onTime = () => {
      // Another chapter's source is playing in this element: not this session's time.
      if (audio.getAttribute('src') !== src || audio.paused) return;
      counter.played(audio.currentTime, audio.playbackRate);
    };
    const onInterrupted = () => counter.interrupted();
    const onPause = () => {
      counter.interrupted();
      report();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') report();
    };
    const interval = setInterval(() => {
      if (!audio.paused) report();
    }, LISTENING_REPORT_INTERVAL_MS);

    // One list for adding and removing, so no listener outlives the effect.
    const audioListeners = [
      ['timeupdate', onTime],
      ['playing', onInterrupted],
      ['seeking', onInterrupted],
      ['emptied', onInterrupted],
      ['pause', onPause],
      ['ended', onPause],
    ] as const;
    for (const [type, listener] of audioListeners) audio.addEventListener(type, listener);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', report);
    return () => {
      clearInterval(interval);
      for (const [type, listener] of audioListeners) audio.removeEventListener(type, listener);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', report);
      report();
    };
  }, [audio, src, chapterId, userId]);
}
