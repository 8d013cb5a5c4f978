import { describe, expect, it } from 'vitest';
import { coverCropNote } from './cover-crop';

describe('coverCropNote', () => {
  it('says nothing of a 4:3 cover, or one within 2 % of it', () => {
    expect(coverCropNote(800, 600)).toBeNull();
    expect(coverCropNote(1600, 1200)).toBeNull();
    expect(coverCropNote(1024, 770)).toBeNull();
  });

  it('says how much of a wider image learners see', () => {
    expect(coverCropNote(1920, 1080)).toBe(
      'This image is wider than 4:3: learners see it as above, its sides cut off (75% of its width shown).',
    );
  });

  it('says how much of a taller image learners see', () => {
    expect(coverCropNote(600, 800)).toBe(
      'This image is taller than 4:3: learners see it as above, its top and bottom cut off (56% of its height shown).',
    );
  });

  it('says nothing while the size is unknown', () => {
    expect(coverCropNote(0, 0)).toBeNull();
    expect(coverCropNote(Number.NaN, 600)).toBeNull();
  });
});
