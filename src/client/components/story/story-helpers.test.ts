import { describe, expect, it } from 'vitest';
import type { Chapter } from '#shared/contracts/stories';
import { chapterCountLabel, totalDurationSeconds } from './story-helpers';

const chapter = (position: number, duration: number | null): Chapter => ({
  id: `c${position}`,
  storyId: 's1',
  title: `Chapter ${position}`,
  position,
  duration,
  hasAudio: true,
  hasTranscript: true,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('story helpers', () => {
  it('sums known durations and reports null when none is known', () => {
    expect(totalDurationSeconds([chapter(1, 60), chapter(2, null), chapter(3, 90)])).toBe(150);
    expect(totalDurationSeconds([chapter(1, null)])).toBeNull();
    expect(totalDurationSeconds([])).toBeNull();
  });

  it('labels chapter counts', () => {
    expect(chapterCountLabel(1)).toBe('1 chapter');
    expect(chapterCountLabel(0)).toBe('0 chapters');
    expect(chapterCountLabel(4)).toBe('4 chapters');
  });
});
