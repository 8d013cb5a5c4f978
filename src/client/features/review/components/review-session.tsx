import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReviewQueue, ReviewRating, ReviewSummary } from '#shared/contracts/review';
import { useClipPlayer } from '#client/components/audio/use-clip-player';
import { reviewCountLabels, reviewSummaryKey } from '#client/lib/api/review/get-review-summary';
import { isTypingTarget } from '#client/lib/typing-target';
import { useReviewAnswers } from '../hooks/use-review-answers';
import { reviewClipRange } from '../review-clip';
import {
  newAnswerId,
  rateCurrent,
  ratingIntervals,
  sessionCounts,
  startSession,
  summaryAfterRating,
} from '../review-rules';
import { reviewTexts } from '../review-texts';
import { ReviewCard } from './review-card';
import { ReviewEmptyState } from './review-empty-state';

/** One review session: the queue's cards, one at a time, until none is left. */
export function ReviewSession({ queue, userId }: { queue: ReviewQueue; userId: string }) {
  const [session, setSession] = useState(() => startSession(queue.cards));
  const [revealed, setRevealed] = useState(false);
  // Bumped for every card shown (a card coming back after Again is shown anew).
  const [turn, setTurn] = useState(0);
  const { player, status } = useClipPlayer(reviewClipRange);
  const answers = useReviewAnswers(userId);
  const queryClient = useQueryClient();
  const card = session.cards[0];
  const next = session.cards[1];

  const play = useCallback(() => {
    if (card) void player.play(card);
  }, [player, card]);

  useEffect(() => {
    if (!card) {
      player.stop();
      return;
    }
    void player.play(card);
    if (next) player.preload(next);
    // Played once per card shown, not again when other state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turn, player]);

  const rate = useCallback(
    (rating: ReviewRating) => {
      if (!card || !revealed) return;
      const now = new Date();
      answers.record({
        answerId: newAnswerId(),
        itemId: card.id,
        rating,
        reviewedAt: now.getTime(),
      });
      // The header's count follows at once, not only when the batch reaches the server.
      queryClient.setQueryData<ReviewSummary>(
        reviewSummaryKey,
        (summary) => summary && summaryAfterRating(summary, card, rating, now),
      );
      setSession((current) => rateCurrent(current, rating, now));
      setRevealed(false);
      setTurn((current) => current + 1);
    },
    [answers, card, revealed, queryClient],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target) || !card)
        return;
      if (event.key === ' ') {
        event.preventDefault();
        if (revealed) play();
        else setRevealed(true);
      } else if (event.key === 'r' || event.key === 'R') {
        event.preventDefault();
        play();
      } else if (revealed && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault();
        rate(Number(event.key) as ReviewRating);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [card, revealed, play, rate]);

  const now = new Date();
  const counts = sessionCounts(session, now);
  return (
    <div className="space-y-6">
      <dl className="flex gap-6" aria-label="Today">
        <div>
          <dt className="text-sm text-ink-muted">{reviewCountLabels.due}</dt>
          <dd className="text-2xl font-semibold" data-testid="review-due-count">
            {counts.due}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{reviewCountLabels.newLeft}</dt>
          <dd className="text-2xl font-semibold" data-testid="review-new-count">
            {counts.newLeft}
          </dd>
        </div>
      </dl>
      {answers.failing && answers.pending > 0 ? (
        <p role="status" className="text-sm text-ink-muted">
          {reviewTexts.pendingAnswers(answers.pending)}
        </p>
      ) : null}
      {card ? (
        <ReviewCard
          key={turn}
          card={card}
          revealed={revealed}
          clipStatus={status}
          intervals={ratingIntervals(card, now)}
          onPlay={play}
          onReveal={() => setRevealed(true)}
          onRate={rate}
        />
      ) : (
        <ReviewEmptyState answeredDue={session.doneDue} />
      )}
    </div>
  );
}
