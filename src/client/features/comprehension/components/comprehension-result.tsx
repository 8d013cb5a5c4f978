import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import { Button, buttonClassName } from '#client/components/ui/button';
import { answeredRight, scoreOf, type ComprehensionSession } from '../comprehension-session';
import { comprehensionTexts as texts } from '../comprehension-texts';

/** The end of the questions: the score, each question with its verdict, and the ways on. */
export function ComprehensionResult({
  questions,
  session,
  backToChapter,
  onAgain,
}: {
  questions: readonly ChapterQuestion[];
  session: ComprehensionSession;
  backToChapter: string;
  onAgain: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className="mt-8 space-y-6">
      <div>
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-2xl font-semibold focus:outline-none"
        >
          {texts.resultTitle}
        </h2>
        <p className="mt-2 text-lg">
          {texts.result(scoreOf(session, questions), questions.length)}
        </p>
      </div>
      <ol className="space-y-3">
        {questions.map((question, index) => {
          const right = answeredRight(session, questions, index);
          const answer = session.answers[index];
          return (
            <li key={index} className="rounded-xl border border-line bg-surface px-4 py-3">
              <p className="font-medium">{question.text}</p>
              <p className="mt-1 flex items-start gap-2">
                {right ? (
                  <CircleCheck
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-level-beginner-ink"
                  />
                ) : (
                  <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-ink" />
                )}
                <span>
                  <strong>{right ? texts.resultRight : texts.resultWrong}:</strong>{' '}
                  {texts.resultDetail(
                    answer == null ? '' : question.options[answer]!,
                    right ? null : question.options[question.correctOption]!,
                  )}
                </span>
              </p>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onAgain}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {texts.again}
        </Button>
        <Link to={backToChapter} className={buttonClassName({})}>
          {texts.backToChapter}
        </Link>
      </div>
    </section>
  );
}
