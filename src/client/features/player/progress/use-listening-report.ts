import { useEffect } from 'react';
import type { ReportListeningBody } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';
import { ListeningCounter, newListeningSessionId } from './listening-counter';

/** While playing, the running total is reported this often (and on pause, hide and leave). */
export const LISTENING_REPORT_INTERVAL_MS = 15_000;

const sendReport = (body: ReportListeningBody, keepalive: boolean) =>
  apiFetch('/api/progress/listening', { method: 'POST', json: body, keepalive });

/**
 * Reports a signed-in learner's time actually listened in this player visit of a chapter (one
 * listening session, decision 033). Each report carries the session's running total, and the
 * server keeps the largest: a lost report is covered by the next one, a repeated or late one
 * never counts twice. Kept apart from the progress save, whose path stays as fast as it was.
 */
export function useListeningReport({
  audio,
  src,
  chapterId,
  userId,
  send = sendReport,
}: {
  audio: HTMLAudioElement | null;
  src: string | null;
  chapterId: string;
  userId: string | null;
  send?: (body: ReportListeningBody, keepalive: boolean) => Promise<unknown>;
}): void {
  useEffect(() => {
    if (!audio || !userId || !src) return;
    const sessionId = newListeningSessionId();
    const counter = new ListeningCounter();
    let reported = 0;

    const report = (keepalive = false) => {
      const listenedSeconds = Math.round(counter.total * 1000) / 1000;
      if (listenedSeconds <= reported) return;
      reported = listenedSeconds;
      // A failure is made good by the next report, which carries the whole total.
      send({ sessionId, chapterId, listenedSeconds }, keepalive).catch(() => {
        if (reported === listenedSeconds) reported = 0;
      });
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
      if (document.visibilityState === 'hidden') report(true);
    };
    const onPageHide = () => report(true);
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
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(interval);
      for (const [type, listener] of audioListeners) audio.removeEventListener(type, listener);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      report(true);
    };
  }, [audio, src, chapterId, userId, send]);
}
