import { describe, expect, it } from 'vitest';
import { clipOfWords, CLIP_LEAD, CLIP_TAIL } from './clip';

const word = (start: number, end: number) => ({ id: `${start}`, text: 'x', start, end });

describe('clipOfWords', () => {
  it('starts a little before the first word and ends a little after the last', () => {
    expect(
      clipOfWords([word(2, 2.4), word(2.5, 3)], { before: word(1, 1.5), after: word(4, 4.5) }),
    ).toEqual({
      startSeconds: 2 - CLIP_LEAD,
      endSeconds: 3 + CLIP_TAIL,
    });
  });

  it('never takes in the word before, and stops where the next one starts (keeping a little)', () => {
    expect(clipOfWords([word(2, 2.4)], { before: word(1.5, 1.99), after: word(2.45, 3) })).toEqual({
      startSeconds: 1.99,
      endSeconds: 2.45,
    });
    const tight = clipOfWords([word(2, 2.4)], { before: word(1.5, 2), after: word(2.4, 3) });
    expect(tight.startSeconds).toBe(2);
    expect(tight.endSeconds).toBeGreaterThan(2.4);
  });

  it('never starts before the recording', () => {
    expect(clipOfWords([word(0.01, 0.4)]).startSeconds).toBe(0);
  });
});
