import type { UnreviewedCounts } from '#shared/contracts/publishing';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How the publish dialog names each kind of unreviewed content, in the order it lists them. */
const phrases: ReadonlyArray<[keyof UnreviewedCounts, (count: number) => string]> = [
  ['machineTranslations', (n) => plural(n, 'machine translation', 'machine translations')],
  [
    'missingTranslations',
    (n) => plural(n, 'sentence without a translation', 'sentences without a translation'),
  ],
  ['machineGlosses', (n) => plural(n, 'machine gloss', 'machine glosses')],
  ['missingGlosses', (n) => plural(n, 'word without a gloss', 'words without a gloss')],
  ['doubtfulTimings', (n) => plural(n, 'doubtful timing', 'doubtful timings')],
];

/** What is unreviewed, one phrase per kind that is there ("3 machine translations", …). */
export const unreviewedPhrases = (counts: UnreviewedCounts): string[] =>
  phrases.filter(([key]) => counts[key] > 0).map(([key, phrase]) => phrase(counts[key]));
