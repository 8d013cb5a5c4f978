import { addDays } from './days.ts';

/**
 * The streak (issue 25, decision 070): the days in a row the learner listened, reviewed or
 * practised, where one missed day is forgiven — it does not break the streak (nor count in it),
 * two missed days in a row do. Today not yet active breaks nothing: the streak stands on the days
 * before, and says it is waiting for today.
 */
export interface Streak {
  /** Active days in the streak. */
  days: number;
  activeToday: boolean;
  /** Missed days inside the streak that were forgiven. */
  forgiven: number;
  /**
   * The streak ends unless the learner is active today: yesterday was missed already, so a second
   * missed day would break it.
   */
  endsToday: boolean;
}

export function streakOf(activeDays: ReadonlySet<string>, today: string): Streak {
  const activeToday = activeDays.has(today);
  let days = 0;
  let forgiven = 0;
  let missedInARow = 0;
  // Today's absence is not a miss yet.
  let day = activeToday ? today : addDays(today, -1);
  let lastActive: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    if (activeDays.has(day)) {
      days++;
      if (missedInARow === 1 && lastActive !== null) forgiven++;
      missedInARow = 0;
      lastActive = day;
    } else {
      missedInARow++;
      if (missedInARow >= 2) break;
    }
    day = addDays(day, -1);
  }
  const yesterdayMissed = !activeDays.has(addDays(today, -1));
  return { days, activeToday, forgiven, endsToday: days > 0 && !activeToday && yesterdayMissed };
}
