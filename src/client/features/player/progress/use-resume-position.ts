import { useEffect, useRef } from 'react';
import { COMPLETION_TOLERANCE_SECONDS } from '#shared/player/progress-rules';
import { clampSeek } from '#shared/player/timing';

/** Spec, section 9: the first seek about 1 s after load, then every 200 ms until accepted. */
export const RESUME_FIRST_DELAY_MS = 1_000;
export const RESUME_RETRY_MS = 200;
/** The audio accepted the position when it reads back within this distance. */
export const RESUME_TOLERANCE_SECONDS = 0.5;
const MAX_ATTEMPTS = 150;

/**
 * Moves the audio to `target` once per chapter: the saved position, or the `?t=` of a "Listen from
 * here" link. `undefined` means not known yet; null or 0 means start at the beginning. A position
 * at the very end (a finished chapter) starts again from 0. If the learner moves the audio before
 * the seek happens, their choice wins.
 */
export function useResumePosition(
  audio: HTMLAudioElement | null,
  chapterId: string,
  target: number | null | undefined,
) {
  const resumedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!audio || target === undefined || resumedFor.current === chapterId) return;
    if (target === null || !(target > 0)) {
      resumedFor.current = chapterId;
      return;
    }
    const startedAt = audio.currentTime;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      resumedFor.current = chapterId;
    };
    const attempt = (count: number) => {
      if (audio.readyState >= 1) {
        const duration = audio.duration;
        if (
          Number.isFinite(duration) &&
          duration > 0 &&
          target >= duration - COMPLETION_TOLERANCE_SECONDS
        ) {
          finish();
          return;
        }
        const goal = clampSeek(target, duration);
        if (Math.abs(audio.currentTime - goal) < RESUME_TOLERANCE_SECONDS) {
          finish();
          return;
        }
        // The learner already chose a place (a click on a word, a seek): leave it.
        if (Math.abs(audio.currentTime - startedAt) > 1) {
          finish();
          return;
        }
        audio.currentTime = goal;
        if (Math.abs(audio.currentTime - goal) < RESUME_TOLERANCE_SECONDS) {
          finish();
          return;
        }
      }
      if (count + 1 >= MAX_ATTEMPTS) {
        finish();
        return;
      }
      timer = setTimeout(() => attempt(count + 1), RESUME_RETRY_MS);
    };
    timer = setTimeout(() => attempt(0), RESUME_FIRST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [audio, chapterId, target]);
}
