import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { ShortcutList } from '#client/components/ui/shortcut-list';
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

/**
 * /review for a signed-in learner: the session, the daily limit, the exports and the keys.
 * `intro` comes before the due cards (the daily practice, which the app composes in).
 */
export function ReviewPage({ userId, intro }: { userId: string; intro?: ReactNode }) {
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
      {intro}
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
        <ShortcutList shortcuts={reviewTexts.shortcuts} />
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
