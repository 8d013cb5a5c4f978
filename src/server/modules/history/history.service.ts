import { FORECAST_DAYS, HISTORY_DAYS, type LearnerHistory } from '#shared/contracts/history';
import { addDays, daysEndingWith, localDay } from '#shared/history/days';
import { streakOf } from '#shared/history/streak';
import { dayStartOf } from '../review/review.service.ts';
import type { VocabularyService } from '../progress/vocabulary.service.ts';
import type { HistoryRepository } from './history.repository.ts';

const MINUTE = 60;
/** Minutes per day with one decimal: a short listen still shows. */
const minutesOf = (seconds: number) => Math.round((seconds / MINUTE) * 10) / 10;

/**
 * The profile's charts (issue 25, decision 070): the last eight weeks day by day, the review
 * forecast, the streak. Words known at the end of each day follow the rule of "words learned"
 * (decision 009): the common lemmas heard in completed chapters, each from the day its first
 * chapter was completed.
 */
export function createHistoryService(deps: {
  history: HistoryRepository;
  vocabulary: VocabularyService;
}) {
  const { history, vocabulary } = deps;

  /** Per day, how many lemmas became known that day (their first completed chapter). */
  async function wordsLearnedPerDay(userId: string, timezoneOffset: number) {
    const completions = await history.completions(userId);
    const lemmas = await vocabulary.lemmasOfChapters(completions.map((c) => c.chapterId));
    const firstDay = new Map<string, string>();
    for (const completion of completions) {
      const day = localDay(completion.completedAt, timezoneOffset);
      for (const lemma of lemmas.get(completion.chapterId) ?? []) {
        const known = firstDay.get(lemma);
        if (known === undefined || day < known) firstDay.set(lemma, day);
      }
    }
    const perDay = new Map<string, number>();
    for (const day of firstDay.values()) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    return perDay;
  }

  return {
    async get(userId: string, now: Date, timezoneOffset: number): Promise<LearnerHistory> {
      const today = localDay(now, timezoneOffset);
      const days = daysEndingWith(today, HISTORY_DAYS);
      const since = dayStartOf(
        new Date(now.getTime() - (HISTORY_DAYS - 1) * 86_400_000),
        timezoneOffset,
      );
      const forecastEnd = dayStartOf(
        new Date(now.getTime() + FORECAST_DAYS * 86_400_000),
        timezoneOffset,
      );
      const [listening, reviews, exercises, active, due, learned] = await Promise.all([
        history.listeningSecondsPerDay(userId, since, timezoneOffset),
        history.reviewsPerDay(userId, since, timezoneOffset),
        history.exercisesPerDay(userId, since, timezoneOffset),
        history.activeDays(userId, timezoneOffset),
        history.duePerDay(userId, now, forecastEnd, timezoneOffset),
        wordsLearnedPerDay(userId, timezoneOffset),
      ]);
      const secondsOn = new Map(listening.map((row) => [row.day, row.seconds]));
      const reviewsOn = new Map(reviews.map((row) => [row.day, row.count]));
      const exercisesOn = new Map(exercises.map((row) => [row.day, row]));
      const dueOn = new Map(due.map((row) => [row.day, row.count]));

      let wordsKnown = 0;
      for (const [day, count] of learned) if (day < days[0]!) wordsKnown += count;
      return {
        today,
        days: days.map((date) => {
          wordsKnown += learned.get(date) ?? 0;
          return {
            date,
            listeningMinutes: minutesOf(secondsOn.get(date) ?? 0),
            reviews: reviewsOn.get(date) ?? 0,
            exercises: exercisesOn.get(date)?.count ?? 0,
            exercisesRight: exercisesOn.get(date)?.right ?? 0,
            wordsKnown,
          };
        }),
        forecast: Array.from({ length: FORECAST_DAYS }, (_, i) => {
          const date = addDays(today, i);
          return { date, due: dueOn.get(date) ?? 0 };
        }),
        streak: streakOf(new Set(active), today),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
