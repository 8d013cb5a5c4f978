/**
 * A learner's days (issue 25): what happened on each calendar day where the learner lives. The
 * client sends `new Date().getTimezoneOffset()` (minutes, UTC − local), as for review's day.
 */

/** The learner's calendar day of an instant, as YYYY-MM-DD. */
export function localDay(instant: Date, timezoneOffset: number): string {
  return new Date(instant.getTime() - timezoneOffset * 60_000).toISOString().slice(0, 10);
}

/** The day `count` days after `day` (negative: before), as YYYY-MM-DD. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The `count` days ending with `lastDay` (oldest first). */
export function daysEndingWith(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - count + 1));
}
