import type { PracticeAnswer, PracticeAnswersResult } from '#shared/contracts/practice';
import { PRACTICE_ANSWERS_MAX, practiceRoutes } from '#shared/contracts/practice-routes';
import { apiFetch } from '#client/lib/api-client';
import type { BatchedKind } from '#client/lib/sync/sync-kind';

/** Answers checked within this time of each other go out together. */
export const PRACTICE_ANSWER_GATHER_MS = 1500;

/**
 * Practice answers through the learner-sync engine (decisions 057, 066): kept on the device until
 * the server answered, sent in batches of up to 500. Each carries its own answerId, so a batch
 * sent twice (a retry, a tab closing mid-request) records nothing twice; a wrong one makes a
 * review card on the server. Types only from the contract: this module is in every page's flusher.
 */
export const practiceAnswerSync: BatchedKind<PracticeAnswer, PracticeAnswersResult> = {
  name: 'practice-answer',
  combine: 'batched',
  keyOf: (answer) => answer.answerId,
  max: PRACTICE_ANSWERS_MAX,
  gatherMs: PRACTICE_ANSWER_GATHER_MS,
  send: (entries, { sentAt, keepalive }) =>
    apiFetch<PracticeAnswersResult>(practiceRoutes.answers, {
      method: 'POST',
      json: { answers: entries.map((entry) => entry.data), sentAt },
      keepalive,
    }),
};
