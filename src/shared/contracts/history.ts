import { z } from 'zod';
import { reviewDayQuerySchema } from './review.ts';

/**
 * A learner's progress over time, for the profile's charts (issue 25, decision 070). Days are the
 * learner's calendar days (`?timezoneOffset=` as for review, minutes UTC − local), YYYY-MM-DD.
 */
export const HISTORY_DAYS = 56;
export const FORECAST_DAYS = 14;

export const historyRoutes = { history: '/api/me/history' } as const;

export const historyQuerySchema = reviewDayQuerySchema;

const daySchema = z.iso.date();

export const historyDaySchema = z.object({
  date: daySchema,
  /** Time actually listened that day (a listening session counts on the day it last grew). */
  listeningMinutes: z.number().nonnegative(),
  /** Review answers given that day. */
  reviews: z.number().int().nonnegative(),
  /** Exercise answers given that day, and how many were right. */
  exercises: z.number().int().nonnegative(),
  exercisesRight: z.number().int().nonnegative(),
  /** Common words known at the end of the day (the same rule as "words learned"). */
  wordsKnown: z.number().int().nonnegative(),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

export const historyResponseSchema = z.object({
  today: daySchema,
  /** The last HISTORY_DAYS days, oldest first, today last. */
  days: z.array(historyDaySchema),
  /** Review cards due on each of the next FORECAST_DAYS days, today first (overdue ones today). */
  forecast: z.array(z.object({ date: daySchema, due: z.number().int().nonnegative() })),
  streak: z.object({
    /** Active days (listened, reviewed or practised) in a row, one missed day forgiven. */
    days: z.number().int().nonnegative(),
    activeToday: z.boolean(),
    /** Missed days inside the streak that were forgiven. */
    forgiven: z.number().int().nonnegative(),
    /** Yesterday was missed: without activity today the streak ends. */
    endsToday: z.boolean(),
  }),
});
export type LearnerHistory = z.infer<typeof historyResponseSchema>;
