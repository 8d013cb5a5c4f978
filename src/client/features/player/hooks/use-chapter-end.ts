import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * The one listener of the audio's `ended` event on the player, so what happens at the end happens
 * in this order: the completion is saved (at the duration, `onCompleted`), the audio goes back to
 * 0 (spec), then the next chapter starts by itself when `nextChapterPath` is given (the
 * learner's auto-play preference; a preview's next chapter is a preview too).
 */
export function useChapterEnd(
  audio: HTMLAudioElement | null,
  {
    onCompleted,
    nextChapterPath,
  }: {
    onCompleted: () => void;
    /** The next chapter's player address. */ nextChapterPath: string | null;
  },
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!audio) return;
    const onEnded = () => {
      onCompleted();
      audio.currentTime = 0;
      if (nextChapterPath) void navigate(nextChapterPath, { state: { autoplay: true } });
    };
    audio.addEventListener('ended', onEnded);
    return () => audio.removeEventListener('ended', onEnded);
  }, [audio, onCompleted, nextChapterPath, navigate]);
}
