import type { UnreviewedCounts, UnreviewedPolicy } from '../contracts/publishing.ts';

/**
 * Rules over what of a story waits for review (decision 043), kept apart from the counting
 * (review-state.ts, which needs the lexicon) so the admin dashboard can use them lightly.
 */

export const NOTHING_UNREVIEWED: UnreviewedCounts = {
  machineTranslations: 0,
  missingTranslations: 0,
  machineGlosses: 0,
  missingGlosses: 0,
  doubtfulTimings: 0,
};

const countKeys = Object.keys(NOTHING_UNREVIEWED) as (keyof UnreviewedCounts)[];

export function addCounts(a: UnreviewedCounts, b: UnreviewedCounts): UnreviewedCounts {
  const sum = { ...a };
  for (const key of countKeys) sum[key] += b[key];
  return sum;
}

/** Anything at all waits for a person: publishing asks for a confirmation. */
export const hasUnreviewed = (counts: UnreviewedCounts): boolean =>
  countKeys.some((key) => counts[key] > 0);

/** Machine-made text learners would see: what the site setting may forbid. */
export const hasMachineOutput = (counts: UnreviewedCounts): boolean =>
  counts.machineTranslations + counts.machineGlosses > 0;

/** The site setting forbids publishing this: machine output no person has reviewed. */
export const isPublishForbidden = (policy: UnreviewedPolicy, counts: UnreviewedCounts): boolean =>
  policy === 'review-first' && hasMachineOutput(counts);

/**
 * Whether a confirmation covers what is unreviewed now: nothing may have grown since it was
 * given (less is fine: someone reviewed meanwhile).
 */
export const isAcknowledged = (
  current: UnreviewedCounts,
  acknowledged: UnreviewedCounts | undefined,
): boolean =>
  !hasUnreviewed(current) ||
  (acknowledged !== undefined && countKeys.every((key) => current[key] <= acknowledged[key]));
