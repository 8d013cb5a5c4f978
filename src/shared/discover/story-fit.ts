/**
 * Which stories fit a learner (issue 25, decision 071): those of whose running words they know
 * from 90 % to 98 % (`coveragePercentage` of GET /api/me/story-knowledge). Pure, shared by the
 * library, the story page and placement's result.
 */

/** What this rule reads of a story's knowledge. */
export interface StoryCoverage {
  coveragePercentage: number;
}

/** The running-word share at which a story fits: enough known to follow, enough new to learn. */
export const FIT_BAND = { min: 90, max: 98 } as const;
const FIT_MIDDLE = (FIT_BAND.min + FIT_BAND.max) / 2;

/** How many stories "Recommended for you" shows. */
export const RECOMMENDED_COUNT = 3;

export const fitsLearner = ({ coveragePercentage }: StoryCoverage): boolean =>
  coveragePercentage >= FIT_BAND.min && coveragePercentage <= FIT_BAND.max;

/** How far a story is from the band, in points: 0 inside it. */
export function fitDistance({ coveragePercentage }: StoryCoverage): number {
  if (coveragePercentage < FIT_BAND.min) return FIT_BAND.min - coveragePercentage;
  if (coveragePercentage > FIT_BAND.max) return coveragePercentage - FIT_BAND.max;
  return 0;
}

/**
 * Best fit first: by distance from the band, then from its middle, then in the order given (the
 * library's); stories whose knowledge is not known keep their order after the others.
 */
export function byBestFit<T>(
  stories: readonly T[],
  coverageOf: (story: T) => StoryCoverage | undefined,
): T[] {
  const rank = (story: T) => {
    const coverage = coverageOf(story);
    return coverage
      ? [fitDistance(coverage), Math.abs(coverage.coveragePercentage - FIT_MIDDLE)]
      : [Infinity, Infinity];
  };
  return stories
    .map((story, index) => ({ story, index, rank: rank(story) }))
    .sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.index - b.index)
    .map(({ story }) => story);
}

/** The stories that fit, best fit first, at most `count`. */
export function recommendedStories<T>(
  stories: readonly T[],
  coverageOf: (story: T) => StoryCoverage | undefined,
  count = RECOMMENDED_COUNT,
): T[] {
  return byBestFit(
    stories.filter((story) => {
      const coverage = coverageOf(story);
      return coverage !== undefined && fitsLearner(coverage);
    }),
    coverageOf,
  ).slice(0, count);
}
