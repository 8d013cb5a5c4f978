import {
  clampSeek,
  normalizePlaybackRate,
  PLAYBACK_RATES,
  SKIP_SECONDS,
} from '#shared/player/timing';
import { logClientError } from '#client/lib/error-log';

/** Seeks within [0, duration] (spec); returns the time set. */
export function seekTo(audio: HTMLAudioElement, time: number): number {
  const target = clampSeek(time, audio.duration);
  audio.currentTime = target;
  return target;
}

export const skipBy = (audio: HTMLAudioElement, seconds: number = SKIP_SECONDS) =>
  seekTo(audio, audio.currentTime + seconds);

/** Starts playback; a refusal (autoplay policy, missing file) is only logged (spec, section 8). */
export function playAudio(audio: HTMLAudioElement): void {
  let result: Promise<void> | undefined;
  try {
    result = audio.play();
  } catch (error) {
    logPlaybackFailure(audio, error);
    return;
  }
  // A play() interrupted by pause() or a new source rejects with AbortError: not a failure.
  result?.catch((error: unknown) => {
    if ((error as { name?: string } | null)?.name !== 'AbortError')
      logPlaybackFailure(audio, error);
  });
}

function logPlaybackFailure(audio: HTMLAudioElement, error: unknown) {
  logClientError({
    code: 'AUDIO_LOAD_ERROR',
    message: 'Audio playback failed',
    context: {
      src: audio.getAttribute('src'),
      reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    },
  });
}

export function togglePlay(audio: HTMLAudioElement): void {
  if (audio.paused) playAudio(audio);
  else audio.pause();
}

/** Sets the rate (one of the spec's; anything else means 1) and keeps it across new sources. */
export function setRate(audio: HTMLAudioElement, rate: unknown): number {
  const normalized = normalizePlaybackRate(rate);
  audio.defaultPlaybackRate = normalized;
  audio.playbackRate = normalized;
  return normalized;
}

/** The next slower (-1) or faster (+1) allowed rate, staying at the ends. */
export function stepRate(current: number, direction: -1 | 1): number {
  const rates = PLAYBACK_RATES as readonly number[];
  const index = rates.indexOf(normalizePlaybackRate(current));
  return rates[Math.min(rates.length - 1, Math.max(0, index + direction))]!;
}
