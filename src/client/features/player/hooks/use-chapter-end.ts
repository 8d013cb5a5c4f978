import { useNavigate } from 'react-router';
import { useChapterEndStep, useRewindAtChapterEnd } from '#client/components/audio/chapter-end';

/**
 * The player's steps of a chapter's end (the order is the owner's: components/audio/chapter-end.ts):
 * the completion is saved (at the duration, `onCompleted`), the audio goes back to 0, then the next
 * chapter starts by itself when `nextChapterPath` is given (the learner's auto-play preference; a
 * preview's next chapter is a preview too) and no step before stopped the listening there (a sleep
 * timer set to the end of the chapter).
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
  useChapterEndStep(audio, 'completion', onCompleted);
  useRewindAtChapterEnd(audio);
  useChapterEndStep(
    audio,
    'next-chapter',
    (end) => {
      if (nextChapterPath && !end.stopped) {
        void navigate(nextChapterPath, { state: { autoplay: true } });
      }
    },
    nextChapterPath !== null,
  );
}
