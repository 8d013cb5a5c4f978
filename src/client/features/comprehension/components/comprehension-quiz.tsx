import { useEffect, useMemo, useState } from 'react';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import type { ChapterWithStory } from '#shared/contracts/stories';
import type { TranscriptSegment } from '#shared/transcript';
import { useClipPlayer } from '#client/components/audio/use-clip-player';
import type { Clip } from '#client/components/audio/clip-player';
import { chapterAudioUrl } from '#client/lib/api/chapters/get-chapter';
import {
  answeredRight,
  check,
  isChecked,
  isFinished,
  next,
  pick,
  startSession,
} from '../comprehension-session';
import { useComprehensionKeys } from '../hooks/use-comprehension-keys';
import { ComprehensionResult } from './comprehension-result';
import { QuestionStep } from './question-step';

export interface ComprehensionQuizProps {
  chapter: ChapterWithStory;
  questions: readonly ChapterQuestion[];
  /** The chapter's published lines (empty until loaded, or when no question names one). */
  segments: readonly TranscriptSegment[];
  backToChapter: string;
}

/** The questions one at a time, then the result; the keys 1–4 and Enter drive it all. */
export function ComprehensionQuiz({
  chapter,
  questions,
  segments,
  backToChapter,
}: ComprehensionQuizProps) {
  const [session, setSession] = useState(() => startSession(questions));
  const [lineShown, setLineShown] = useState(false);
  /** Check was asked for with nothing picked. */
  const [nudged, setNudged] = useState(false);
  const { player, status } = useClipPlayer();
  const finished = isFinished(session);
  const checked = isChecked(session);
  const question = questions[session.index];
  const right = checked && answeredRight(session, questions, session.index);
  const segment =
    question?.segmentId != null
      ? segments.find((candidate) => candidate.id === question.segmentId)
      : undefined;
  const clip = useMemo<Clip | null>(
    () =>
      segment
        ? {
            chapterId: chapter.id,
            audioUrl: chapterAudioUrl(chapter.id),
            startSeconds: segment.start,
            endSeconds: segment.end,
          }
        : null,
    [segment, chapter.id],
  );
  const offersLine = checked && !right && clip !== null;

  // A wrong answer offers its line: the audio is made ready before it is asked for.
  useEffect(() => {
    if (offersLine && clip) player.preload(clip);
  }, [offersLine, clip, player]);

  function goOn() {
    player.stop();
    setLineShown(false);
    setNudged(false);
    setSession((current) => next(current));
  }

  function requestCheck() {
    if (session.picked === null) setNudged(true);
    else setSession((current) => check(current));
  }

  function choose(option: number) {
    setNudged(false);
    setSession((current) => pick(current, questions, option));
  }

  function playLine() {
    if (!clip) return;
    setLineShown(true);
    void player.play(clip);
  }

  useComprehensionKeys(
    {
      onPick: choose,
      onEnter: () => (checked ? goOn() : requestCheck()),
    },
    !finished,
  );

  if (finished) {
    return (
      <ComprehensionResult
        questions={questions}
        session={session}
        backToChapter={backToChapter}
        onAgain={() => setSession(startSession(questions))}
      />
    );
  }
  return (
    <QuestionStep
      key={session.index}
      question={question!}
      number={session.index + 1}
      count={questions.length}
      picked={checked ? session.answers[session.index]! : session.picked}
      checked={checked}
      right={right}
      nudged={nudged && !checked}
      onPick={choose}
      onCheck={requestCheck}
      onNext={goOn}
      line={offersLine ? { text: segment!.text, shown: lineShown, status, onPlay: playLine } : null}
      last={session.index === questions.length - 1}
    />
  );
}
