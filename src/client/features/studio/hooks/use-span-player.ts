import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface PlayingSpan {
  /** Which control started it (its play button shows it as pressed). */
  key: string;
  start: number;
  /** Where playback stops; null plays on (tap-along). */
  end: number | null;
}

/**
 * Plays stretches of the chapter on the page's one <audio>: from a span's start, pausing at its
 * end. The end is checked on every animation frame (timeupdate alone comes only every ~250 ms,
 * which would play a word's neighbour) and on timeupdate (frames stop in a background tab).
 */
export function useSpanPlayer(audioRef: RefObject<HTMLAudioElement | null>) {
  const [playing, setPlaying] = useState<PlayingSpan | null>(null);
  const stopAt = useRef<number | null>(null);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let frame = 0;
    const check = () => {
      if (stopAt.current !== null && audio.currentTime >= stopAt.current) audio.pause();
    };
    const tick = () => {
      check();
      frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const onStop = () => {
      // A pause event arrives after the task that paused: playback may have started again since.
      if (!audio.paused) return;
      cancelAnimationFrame(frame);
      stopAt.current = null;
      setPlaying(null);
    };
    audio.addEventListener('timeupdate', check);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onStop);
    audio.addEventListener('ended', onStop);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('timeupdate', check);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onStop);
      audio.removeEventListener('ended', onStop);
    };
  }, [audioRef]);

  const play = useCallback(
    (span: PlayingSpan) => {
      const audio = audioRef.current;
      if (!audio) return;
      stopAt.current = span.end;
      audio.currentTime = span.start;
      setPlaying(span);
      if (audio.paused) {
        audio.play().catch(() => {
          stopAt.current = null;
          setPlaying(null);
        });
      }
    },
    [audioRef],
  );

  const stop = useCallback(() => audioRef.current?.pause(), [audioRef]);

  /** Plays the span, or stops it when it is the one playing (the play buttons toggle). */
  const toggle = useCallback(
    (span: PlayingSpan) => (playing?.key === span.key ? stop() : play(span)),
    [playing, play, stop],
  );

  return { playing, play, stop, toggle };
}
