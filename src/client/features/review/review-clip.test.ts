import { describe, expect, it } from 'vitest';
import type { Clip } from '#client/components/audio/clip-player';
import { reviewClipRange } from './review-clip';

const clip = (startSeconds: number, endSeconds: number): Clip => ({
  chapterId: 'c',
  audioUrl: '/api/chapters/c/audio',
  startSeconds,
  endSeconds,
});

describe('a review card’s clip', () => {
  it('starts a little before the sentence and stops a little after, inside the audio', () => {
    expect(reviewClipRange(clip(5, 8), Number.NaN)).toEqual({ from: 4.9, to: 8.2 });
    expect(reviewClipRange(clip(0.05, 8), 8.1)).toEqual({ from: 0, to: 8.1 });
    expect(reviewClipRange(clip(9, 3), 60)).toEqual({ from: 8.9, to: 8.9 });
  });
});
