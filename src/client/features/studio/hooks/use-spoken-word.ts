import { useEffect, useState, type RefObject } from 'react';
import type { TranscriptWord } from '#shared/transcript';

/**
 * The word of a sentence the audio is at while it plays (-1 otherwise), read on each animation
 * frame: review mode lights it up, so a doubtful timing is seen as well as heard. The state
 * changes only when the word does.
 */
export function useSpokenWord(
  audioRef: RefObject<HTMLAudioElement | null>,
  words: readonly TranscriptWord[],
  playing: boolean,
): number {
  const [spoken, setSpoken] = useState(-1);

  useEffect(() => {
    const audio = audioRef.current;
    if (!playing || !audio) return;
    let frame = 0;
    const tick = () => {
      const time = audio.currentTime;
      setSpoken(words.findIndex((word) => time >= word.start && time < word.end));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      setSpoken(-1);
    };
  }, [audioRef, words, playing]);

  return spoken;
}
