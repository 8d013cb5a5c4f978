import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { Spinner } from '#client/components/ui/spinner';
import { reviewSummaryKey } from '#client/lib/api/review/get-review-summary';
import { reviewQueueKey, useReviewQueue, useReviewSettings } from '../api/review-api';
import { reviewTexts } from '../review-texts';
import { DeckExportPanel } from './deck-export-panel';
import { NewCardLimitForm } from './new-card-limit-form';
import { ReviewSession } from './review-session';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Card className="p-5 sm:p-8">
        <h2 id={id} className="mb-4 text-xl font-semibold">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

function Shortcuts() {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {reviewTexts.shortcuts.map(([keys, action]) => (
        <div key={keys} className="contents">
          <dt>
            <kbd className="rounded border border-line bg-surface-muted px-2 py-0.5 font-mono text-sm">
              {keys}
            </kbd>
          </dt>
          <dd>{action}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /review for a signed-in learner: the session, the daily limit, the exports and the keys. */
export function ReviewPage({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const queue = useReviewQueue();
  const settings = useReviewSettings();

  const restart = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewQueueKey }),
      queryClient.invalidateQueries({ queryKey: reviewSummaryKey }),
    ]);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-14">
      <PageHeading title={reviewTexts.title} lead={reviewTexts.lead} className="mb-0" />
      {queue.isPending ? (
        <Spinner label={reviewTexts.loading} className="py-12" />
      ) : queue.isError ? (
        <Notice
          tone="error"
          title={reviewTexts.loadFailed}
          headingLevel={2}
          action={
            <button
              type="button"
              className="font-medium underline"
              onClick={() => void queue.refetch()}
            >
              {reviewTexts.tryAgain}
            </button>
          }
        >
          {queue.error.message}
        </Notice>
      ) : (
        // A new queue (the limit changed) starts a new session.
        <ReviewSession key={queue.dataUpdatedAt} queue={queue.data} userId={userId} />
      )}
      <Section id="review-shortcuts" title={reviewTexts.shortcutsHeading}>
        <Shortcuts />
      </Section>
      <Section id="review-limit" title={reviewTexts.limitHeading}>
        {settings.data ? (
          <NewCardLimitForm settings={settings.data} onSaved={restart} />
        ) : (
          <Spinner />
        )}
      </Section>
      <Section id="review-export" title={reviewTexts.exportHeading}>
        <DeckExportPanel />
      </Section>
    </div>
  );
}
