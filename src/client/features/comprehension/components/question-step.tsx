import { useEffect, useId, useRef } from 'react';
import { CircleCheck, CircleX, Volume2 } from 'lucide-react';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import type { ClipStatus } from '#client/components/audio/use-clip-player';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { comprehensionTexts as texts } from '../comprehension-texts';

/** The line that answers a question wrongly answered: played on request, then shown. */
export interface AnsweringLine {
  text: string;
  /** The learner asked for it: its text shows. */
  shown: boolean;
  status: ClipStatus;
  onPlay: () => void;
}

export interface QuestionStepProps {
  question: ChapterQuestion;
  number: number;
  count: number;
  /** The option picked (before checking) or checked; null while none is. */
  picked: number | null;
  checked: boolean;
  right: boolean;
  /** Check was asked for before an answer was picked: the page says to pick one first. */
  nudged: boolean;
  onPick: (option: number) => void;
  onCheck: () => void;
  onNext: () => void;
  /** Offered after a wrong answer when the question names its line. */
  line: AnsweringLine | null;
  /** The last question: going on shows the result. */
  last: boolean;
}

/**
 * One question: its options as a radio group (1–4 on the keyboard), Check, then the verdict in
 * words and marks (never by colour alone) and the way on. The question's heading takes the focus
 * when it appears, the way on once the answer is checked.
 */
export function QuestionStep({
  question,
  number,
  count,
  picked,
  checked,
  right,
  nudged,
  onPick,
  onCheck,
  onNext,
  line,
  last,
}: QuestionStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const groupName = useId();
  const correct = question.options[question.correctOption]!;

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (checked) nextRef.current?.focus();
  }, [checked]);

  return (
    <section aria-labelledby={`${groupName}-question`} className="mt-8 space-y-5">
      <p className="text-sm font-medium text-ink-muted">{texts.progress(number, count)}</p>
      <fieldset aria-describedby={hintId} className="space-y-4">
        <legend className="w-full">
          <h2
            ref={headingRef}
            id={`${groupName}-question`}
            tabIndex={-1}
            className="text-2xl font-semibold text-ink focus:outline-none"
          >
            {question.text}
          </h2>
        </legend>
        <p id={hintId} className="text-sm text-ink-muted">
          {texts.keysHint(question.options.length)}
        </p>
        <ol className="space-y-2">
          {question.options.map((option, index) => {
            const chosen = picked === index;
            const isCorrect = index === question.correctOption;
            return (
              <li key={index}>
                <label
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 text-lg transition-colors',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                    checked && isCorrect
                      ? 'border-level-beginner-ink bg-level-beginner text-level-beginner-ink'
                      : checked && chosen
                        ? 'border-accent bg-accent-soft text-accent-soft-ink'
                        : chosen
                          ? 'border-accent bg-surface'
                          : 'border-line bg-surface hover:bg-surface-muted',
                    checked && 'cursor-default',
                  )}
                >
                  <input
                    type="radio"
                    name={groupName}
                    className="mt-1.5 size-4 shrink-0 accent-accent"
                    checked={chosen}
                    disabled={checked}
                    onChange={() => onPick(index)}
                  />
                  <span
                    aria-hidden="true"
                    className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full border border-current text-sm font-semibold"
                  >
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    {option}
                    {checked && isCorrect ? (
                      <span className="mt-1 flex items-center gap-1 text-sm font-semibold">
                        <CircleCheck aria-hidden="true" className="size-4" />
                        {texts.correctAnswer}
                      </span>
                    ) : checked && chosen ? (
                      <span className="mt-1 flex items-center gap-1 text-sm font-semibold">
                        <CircleX aria-hidden="true" className="size-4" />
                        {texts.yourAnswer}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ol>
      </fieldset>

      <div role="status" aria-live="polite">
        {checked ? (
          <p
            className={cn(
              'flex items-start gap-2 rounded-xl px-4 py-3 text-lg',
              right
                ? 'bg-level-beginner text-level-beginner-ink'
                : 'bg-accent-soft text-accent-soft-ink',
            )}
          >
            {right ? (
              <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0" />
            ) : (
              <CircleX aria-hidden="true" className="mt-1 size-5 shrink-0" />
            )}
            <span>
              <strong>{right ? texts.right : texts.wrong}</strong>{' '}
              {right ? texts.rightDetail(correct) : texts.wrongDetail(correct)}
            </span>
          </p>
        ) : nudged ? (
          <p className="text-ink-muted">{texts.chooseFirst}</p>
        ) : null}
      </div>

      {line ? <AnsweringLineView line={line} /> : null}

      <div className="flex flex-wrap gap-3">
        {checked ? (
          <Button ref={nextRef} onClick={onNext}>
            {last ? texts.seeResult : texts.next}
          </Button>
        ) : (
          <Button onClick={onCheck}>{texts.check}</Button>
        )}
      </div>
    </section>
  );
}

function AnsweringLineView({ line }: { line: AnsweringLine }) {
  const headingId = useId();
  const note =
    line.status === 'playing'
      ? texts.playingLine
      : line.status === 'error'
        ? texts.lineFailed
        : line.status === 'blocked'
          ? texts.lineBlocked
          : '';
  return (
    <div className="space-y-3 rounded-xl border border-line bg-surface px-4 py-3">
      <Button variant="secondary" onClick={line.onPlay}>
        <Volume2 aria-hidden="true" className="size-4" />
        {texts.playLine}
      </Button>
      <p role="status" className="text-sm text-ink-muted">
        {line.shown ? note : ''}
      </p>
      {line.shown ? (
        <figure aria-labelledby={headingId}>
          <figcaption id={headingId} className="text-sm font-medium text-ink-muted">
            {texts.lineHeading}
          </figcaption>
          <blockquote lang="es" className="mt-1 font-serif text-xl text-ink">
            {line.text}
          </blockquote>
        </figure>
      ) : null}
    </div>
  );
}
