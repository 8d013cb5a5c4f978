import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import type { Placement } from '#shared/contracts/placement';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { Spinner } from '#client/components/ui/spinner';
import {
  placementTestQueryOptions,
  usePlacement,
  useTakePlacement,
} from '#client/lib/api/placement/placement';
import { rateLimitedMessageOr } from '#client/lib/api-client';
import { formatDate } from '#client/lib/format-date-time';
import { placementAnswers, type ClozeChoices } from '../placement-answers';
import { placementTexts } from '../placement-texts';
import { ListeningStep } from './listening-step';
import { PlacementResult } from './placement-result';
import { WordsStep } from './words-step';

type Step = 'intro' | 'listening' | 'words' | 'result';

/**
 * /placement (decision 071): an introduction with Start and Skip for Now, the listening part, the
 * word check, then the result with the first recommendations. Each part's heading takes the
 * focus as it opens, so a screen reader says where the learner is.
 */
export function PlacementPage({ nextPath }: { nextPath: string }) {
  const [step, setStep] = useState<Step>('intro');
  const [attempt, setAttempt] = useState(0);
  const [choices, setChoices] = useState<ClozeChoices>(() => new Map());
  const [result, setResult] = useState<Placement | null>(null);
  const previous = usePlacement();
  const test = useQuery({ ...placementTestQueryOptions(attempt), enabled: attempt > 0 });
  const take = useTakePlacement();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A test without sentences (no story has a recording yet) goes straight to the words.
  const shown: Step = step === 'listening' && test.data?.cloze.length === 0 ? 'words' : step;
  const empty = test.data && test.data.cloze.length === 0 && test.data.words.length === 0;

  useEffect(() => {
    if (shown !== 'intro') headingRef.current?.focus();
  }, [shown, test.isSuccess]);

  const start = () => {
    setAttempt((current) => current + 1);
    setStep('listening');
  };
  const send = (known: ReadonlySet<string>) => {
    if (!test.data) return;
    take.mutate(placementAnswers(test.data, choices, known), {
      onSuccess: ({ placement }) => {
        setResult(placement);
        setStep('result');
      },
    });
  };

  const stepHeading = (title: string) => (
    <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
      {title}
    </h2>
  );
  const skipLink = (
    <Link to={nextPath} className={buttonClassName({ variant: 'secondary' })}>
      {placementTexts.skip}
    </Link>
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeading
        title={placementTexts.title}
        lead={step === 'intro' ? placementTexts.lead : undefined}
      />
      {shown === 'intro' ? (
        <Card className="space-y-4 p-6">
          <p className="text-ink-muted">
            {previous.data
              ? placementTexts.retakeNote(previous.data, formatDate(previous.data.takenAt))
              : placementTexts.skipNote}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={start}>
              <Compass aria-hidden="true" className="size-4" />
              {placementTexts.start}
            </Button>
            {skipLink}
          </div>
        </Card>
      ) : test.isPending ? (
        <Spinner label={placementTexts.preparing} className="py-12" />
      ) : test.isError ? (
        <Notice
          tone="error"
          action={
            <>
              <Button onClick={() => setAttempt((current) => current + 1)}>
                {placementTexts.tryAgain}
              </Button>
              {skipLink}
            </>
          }
        >
          {rateLimitedMessageOr(test.error, placementTexts.loadFailed)}
        </Notice>
      ) : empty ? (
        <Notice action={skipLink}>{placementTexts.nothingToAsk}</Notice>
      ) : shown === 'listening' ? (
        <section className="space-y-4">
          {stepHeading(`Part 1 of 2: ${placementTexts.listeningTitle}`)}
          <p className="text-ink-muted">{placementTexts.listeningHint}</p>
          <ListeningStep
            items={test.data.cloze}
            onDone={(chosen) => {
              setChoices(chosen);
              setStep('words');
            }}
          />
        </section>
      ) : shown === 'words' ? (
        <section className="space-y-4">
          {stepHeading(
            test.data.cloze.length > 0
              ? `Part 2 of 2: ${placementTexts.wordsTitle}`
              : placementTexts.wordsTitle,
          )}
          <p className="text-ink-muted">{placementTexts.wordsHint}</p>
          <WordsStep
            words={test.data.words}
            sending={take.isPending}
            failure={
              take.isError ? rateLimitedMessageOr(take.error, placementTexts.submitFailed) : null
            }
            onDone={send}
          />
        </section>
      ) : result ? (
        <section className="space-y-4">
          {stepHeading(placementTexts.resultTitle(result))}
          <PlacementResult placement={result} nextPath={nextPath} />
        </section>
      ) : null}
    </div>
  );
}
