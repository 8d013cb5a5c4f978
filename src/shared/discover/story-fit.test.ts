import { describe, expect, it } from 'vitest';
import { byBestFit, fitDistance, fitsLearner, recommendedStories } from './story-fit.ts';

const story = (id: string, coveragePercentage?: number) => ({ id, coveragePercentage });
const coverageOf = (s: { coveragePercentage?: number }) =>
  s.coveragePercentage === undefined ? undefined : { coveragePercentage: s.coveragePercentage };

describe('story fit', () => {
  it('fits from 90 % to 98 % of running words known, both ends included', () => {
    expect([89, 90, 94, 98, 99].map((c) => fitsLearner({ coveragePercentage: c }))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect([70, 90, 98, 100].map((c) => fitDistance({ coveragePercentage: c }))).toEqual([
      20, 0, 0, 2,
    ]);
  });

  it('orders by distance from the band, then from its middle, then as given', () => {
    const stories = [
      story('unknown'),
      story('hard', 60),
      story('easy', 100),
      story('edge', 90),
      story('middle', 94),
      story('also-middle', 94),
      story('stretch', 85),
    ];
    expect(byBestFit(stories, coverageOf).map((s) => s.id)).toEqual([
      'middle',
      'also-middle',
      'edge',
      'easy',
      'stretch',
      'hard',
      'unknown',
    ]);
  });

  it('recommends only stories in the band, best first, at most three', () => {
    const stories = [95, 91, 99, 80, 94, 97].map((c, i) => story(`s${i}`, c));
    expect(recommendedStories(stories, coverageOf).map((s) => s.id)).toEqual(['s4', 's0', 's1']);
    expect(recommendedStories([story('a', 50), story('b')], coverageOf)).toEqual([]);
  });
});
