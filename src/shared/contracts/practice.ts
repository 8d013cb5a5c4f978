import { z } from 'zod';
import { practiceKinds } from '../practice/items.ts';
import { clientTimeSchema } from './client-time.ts';
import { PRACTICE_ANSWERS_MAX } from './practice-routes.ts';
import { SEGMENT_ID_MAX } from './saved-items.ts';

export { PRACTICE_ANSWERS_MAX, practiceRoutes } from './practice-routes.ts';

/**
 * Answers to the exercises made from a chapter's audio (issue 25, decision 066). The device makes
 * and grades the exercises (they work offline); it sends what was asked and whether the learner
 * got it right, through the learner-sync engine (decision 057) in batches. Each answer carries an
 * id made by the client, so a batch sent twice records nothing twice. A wrong answer makes a
 * review card of what was missed (the word asked, or the line of a dictation), copied from the
 * chapter's published transcript like any saved item, with the line's audio.
 */
export const practiceAnswerSchema = z
  .object({
    /** Made by the client (crypto.randomUUID()) when the learner answers: the idempotency key. */
    answerId: z.uuid(),
    kind: z.enum(practiceKinds),
    chapterId: z.uuid(),
    /** The transcript line asked about. */
    segmentId: z.string().min(1).max(SEGMENT_ID_MAX),
    /** The word asked (a cloze blank, the word heard); absent for a dictation. */
    wordId: z.string().min(1).max(SEGMENT_ID_MAX).optional(),
    correct: z.boolean(),
    /** When the learner answered, in the client's clock (ms since epoch). */
    answeredAt: clientTimeSchema,
  })
  .strict()
  .refine((answer) => (answer.kind === 'dictation') === (answer.wordId === undefined), {
    message: 'A dictation is answered without a wordId, the other kinds with the word asked',
    path: ['wordId'],
  });
export type PracticeAnswer = z.infer<typeof practiceAnswerSchema>;

export const practiceAnswersBodySchema = z
  .object({
    answers: z
      .array(practiceAnswerSchema)
      .min(1, 'Send at least one answer')
      .max(PRACTICE_ANSWERS_MAX, `Send at most ${PRACTICE_ANSWERS_MAX} answers at once`),
    /** When this request was sent, in the client's clock (ms): corrects the clock offset. */
    sentAt: clientTimeSchema,
  })
  .strict();
export type PracticeAnswersBody = z.infer<typeof practiceAnswersBodySchema>;

/**
 * What became of each answer: `recorded`; `duplicate` (this answerId was received before);
 * `missing` (the chapter, line or word is no longer published: dropped, so a queue never gets
 * stuck). `cardId` is the review card a wrong answer made or found (null otherwise).
 */
export const practiceAnswerOutcomes = ['recorded', 'duplicate', 'missing'] as const;
export type PracticeAnswerOutcome = (typeof practiceAnswerOutcomes)[number];

export const practiceAnswersResponseSchema = z.object({
  results: z.array(
    z.object({
      answerId: z.uuid(),
      outcome: z.enum(practiceAnswerOutcomes),
      cardId: z.uuid().nullable(),
    }),
  ),
});
export type PracticeAnswersResult = z.infer<typeof practiceAnswersResponseSchema>;
