import type {
  PracticeAnswer,
  PracticeAnswerOutcome,
  PracticeAnswersBody,
  PracticeAnswersResult,
} from '#shared/contracts/practice';
import type { Transcript } from '#shared/transcript';
import type { TransactionRunner } from '../../db/repository.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import { serverTimeOf } from '../../lib/client-time.ts';
import { AppError, rateLimited } from '../../lib/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { SignedInViewer } from '../../lib/viewer.ts';
import type {
  SavedItemInsert,
  SavedItemsRepository,
} from '../saved-items/saved-items.repository.ts';
import {
  placeInTranscript,
  type SavedItemsService,
  type TranscriptPlace,
} from '../saved-items/saved-items.service.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { PracticeAnswerInsert, PracticeRepository } from './practice.repository.ts';

export const practiceMessages = {
  rateLimited: 'Too many practice answers at once. Please wait a moment.',
} as const;

/** As review answers: a batch per answer at most, or an offline queue flushed in a few batches. */
export const practiceAnswersRateRule: RateLimitRule = {
  action: 'practice_answers',
  limit: 120,
  windowMs: 60_000,
};

interface Requester {
  viewer: SignedInViewer;
  origin: RequestOrigin;
}

interface Result {
  outcome: PracticeAnswerOutcome;
  cardId: string | null;
}

/** An answer whose line (and word) the learner may open: it is recorded. */
interface Placed {
  answer: PracticeAnswer;
  place: TranscriptPlace;
}

/** What a wrong answer's card is: the word asked, or the line of a dictation. */
const cardKeyOf = ({ chapterId, segmentId, wordId }: PracticeAnswer) =>
  JSON.stringify([chapterId, segmentId, wordId ?? '']);

/** A chapter the learner may not open (no longer published, or unknown) has no transcript here. */
const isMissing = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

/**
 * Answers to the exercises a device made from a chapter's audio (decision 066). Each answer is
 * recorded once under the client's id. One about a chapter, line or word the learner can no
 * longer open is dropped as `missing`, never refused, so an offline queue never gets stuck. A
 * wrong answer makes (or finds) a review card of what was missed through the saved-items rule
 * (decision 035), in the same transaction as the answer: either both are kept or neither.
 */
export function createPracticeService(deps: {
  practice: PracticeRepository;
  savedItems: SavedItemsRepository;
  cards: Pick<SavedItemsService, 'copyOf'>;
  stories: Pick<StoriesService, 'getTranscript'>;
  transaction: TransactionRunner;
  limiter: RateLimiter;
}) {
  const { practice, savedItems, cards, stories, transaction, limiter } = deps;

  /** The published transcript of each chapter the learner may open; none for the others. */
  async function transcriptsOf(viewer: SignedInViewer, chapterIds: Iterable<string>) {
    const transcripts = new Map<string, Transcript>();
    for (const chapterId of chapterIds) {
      try {
        transcripts.set(chapterId, (await stories.getTranscript(viewer, chapterId)).transcript);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return transcripts;
  }

  /** The card each wrong answer asks for, copied once per word or line (translations included). */
  async function cardCopies(userId: string, wrong: Placed[]) {
    const copies = new Map<string, SavedItemInsert>();
    for (const { answer, place } of wrong) {
      const key = cardKeyOf(answer);
      if (!copies.has(key)) copies.set(key, await cards.copyOf(userId, answer.chapterId, place));
    }
    return copies;
  }

  return {
    async answer(
      { viewer, origin }: Requester,
      body: PracticeAnswersBody,
      receivedAt = Date.now(),
    ): Promise<PracticeAnswersResult> {
      const verdict = await limiter.hit(practiceAnswersRateRule, viewer.userId, origin);
      if (!verdict.allowed) {
        throw rateLimited(practiceMessages.rateLimited, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      const { userId } = viewer;
      const results = new Map<string, Result>();
      const known = await practice.knownAnswers(userId, [
        ...new Set(body.answers.map((answer) => answer.answerId)),
      ]);
      for (const [answerId, cardId] of known)
        results.set(answerId, { outcome: 'duplicate', cardId });

      // The first of each id not received before; a later one of the same id is its duplicate.
      const fresh = new Map<string, PracticeAnswer>();
      for (const answer of body.answers) {
        if (!known.has(answer.answerId) && !fresh.has(answer.answerId)) {
          fresh.set(answer.answerId, answer);
        }
      }
      const transcripts = await transcriptsOf(
        viewer,
        new Set([...fresh.values()].map((answer) => answer.chapterId)),
      );
      const placed: Placed[] = [];
      for (const answer of fresh.values()) {
        const transcript = transcripts.get(answer.chapterId);
        const place = transcript && placeInTranscript(transcript, answer);
        if (place) placed.push({ answer, place });
        else results.set(answer.answerId, { outcome: 'missing', cardId: null });
      }

      if (placed.length > 0) {
        const copies = await cardCopies(
          userId,
          placed.filter(({ answer }) => !answer.correct),
        );
        await transaction(async (tx) => {
          // In one order, so that two batches sent at once never wait on each other's rows.
          const cardIds = new Map<string, string>();
          for (const key of [...copies.keys()].sort()) {
            cardIds.set(key, (await savedItems.in(tx).insertOrFind(copies.get(key)!)).id);
          }
          const rows = placed
            .map(({ answer }): PracticeAnswerInsert => ({
              userId,
              answerId: answer.answerId,
              kind: answer.kind,
              chapterId: answer.chapterId,
              segmentId: answer.segmentId,
              wordId: answer.wordId ?? '',
              correct: answer.correct,
              cardId: answer.correct ? null : cardIds.get(cardKeyOf(answer))!,
              answeredAt: serverTimeOf(answer.answeredAt, body.sentAt, receivedAt),
              receivedAt: new Date(receivedAt),
            }))
            .sort((a, b) => a.answerId.localeCompare(b.answerId));
          const recorded = await practice.in(tx).record(rows);
          for (const row of rows) {
            results.set(row.answerId, {
              outcome: recorded.has(row.answerId) ? 'recorded' : 'duplicate',
              cardId: row.cardId ?? null,
            });
          }
        });
      }

      const seen = new Set<string>();
      return {
        results: body.answers.map(({ answerId }) => {
          const result = results.get(answerId)!;
          const first = !seen.has(answerId);
          seen.add(answerId);
          return { answerId, ...result, outcome: first ? result.outcome : 'duplicate' };
        }),
      };
    },
  };
}

export type PracticeService = ReturnType<typeof createPracticeService>;
