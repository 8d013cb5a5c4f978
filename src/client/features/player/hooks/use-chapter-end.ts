import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * The one listener of the audio's `ended` event on the player, so what happens at the end happens
 * in this order: the completion is saved (at the duration, `onCompleted`), the audio goes back to
 * 0 (spec), then the next chapter starts by itself when `nextChapterId` is given (the learner's
 * auto-play preference).
 */
export function useChapterEnd(
  audio: HTMLAudioElement | null,
  { onCompleted, nextChapterId }: { onCompleted: () => void; nextChapterId: string | null },
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!audio) return;
    const onEnded = () => {
      onCompleted();
      audio.currentTime = 0;
      if (nextChapterId) void navigate(`/player/${nextChapterId}`, { state: { autoplay: true } });
    };
    audio.addEventListener('ended', onEnded);
    return () => audio.removeEventListener('ended', onEnded);
  }, [audio, onCompleted, nextChapterId, navigate]);
}
