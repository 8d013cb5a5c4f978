/** The learner's calendar day, in their own time zone: `2026-11-29`. */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Which set of a chapter: the whole set after listening, or the short daily one from /review. */
export type PracticeSetKind = 'chapter' | 'daily';

/**
 * The seed of a practice set (decision 066): the chapter, the day and how many sets of it were
 * practised on this visit, so a reload the same day gives the same set and "Practise again" a new
 * one. The daily set is seeded apart from the chapter's.
 */
export function practiceSeed(
  chapterId: string,
  now: Date,
  round: number,
  kind: PracticeSetKind = 'chapter',
): string {
  return [chapterId, localDay(now), String(round), ...(kind === 'daily' ? ['daily'] : [])].join(
    ':',
  );
}

/** How many items the daily set from /review holds (issue 25: a short set). */
export const DAILY_SET_SIZE = 5;

/** The practice page's address: the daily set is `?set=daily`. */
export const practicePath = (chapterId: string, kind: PracticeSetKind = 'chapter') =>
  `/practice/${encodeURIComponent(chapterId)}${kind === 'daily' ? '?set=daily' : ''}`;

export const practiceSetKindOf = (search: URLSearchParams): PracticeSetKind =>
  search.get('set') === 'daily' ? 'daily' : 'chapter';
