import { useEffect } from 'react';
import { logClientError } from '#client/lib/error-log';
import { playAudio } from './audio-actions';

/**
 * A new source pauses, reloads, resets to 0 and waits for the learner to press play; the audio is
 * paused on `canplay` if it is not already (spec, section 4). `autoplay` is the one exception:
 * the next chapter started by the auto-play preference.
 */
export function useAudioSource(
  audio: HTMLAudioElement | null,
  src: string | null,
  options: { autoplay?: boolean; logContext?: Record<string, unknown> } = {},
): void {
  const { autoplay = false } = options;
  const logContext = JSON.stringify(options.logContext ?? {});
  useEffect(() => {
    if (!audio) return;
    audio.pause();
    if (src === null) {
      audio.removeAttribute('src');
      audio.load();
      return;
    }
    audio.setAttribute('src', src);
    audio.load();
    audio.currentTime = 0;
    // A play the learner asked for while the first bytes load (Play, a word click) must survive
    // canplay: only playback nobody asked for is stopped there.
    let playRequested = false;
    const onPlay = () => {
      playRequested = true;
    };
    const onCanPlay = () => {
      if (!autoplay && !playRequested && !audio.paused) audio.pause();
    };
    const onError = () => {
      // MEDIA_ERR_ABORTED (1) is a source change, not a failure.
      if (audio.error?.code === 1) return;
      logClientError({
        code: 'AUDIO_LOAD_ERROR',
        message: 'Chapter audio failed to load',
        context: {
          ...(JSON.parse(logContext) as Record<string, unknown>),
          src,
          mediaError: audio.error?.code ?? null,
        },
      });
    };
    audio.addEventListener('play', onPlay);
    audio.addEventListener('canplay', onCanPlay, { once: true });
    audio.addEventListener('error', onError);
    if (autoplay) playAudio(audio);
    return () => {
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('canplay', onCanPlay);
      audio.removeEventListener('error', onError);
    };
  }, [audio, src, autoplay, logContext]);
}
