import { describe, expect, it } from 'vitest';
import type { PlacementTest } from '#shared/contracts/placement';
import { placementAnswers } from './placement-answers';

const test: PlacementTest = {
  cloze: [
    {
      id: 'c1:cloze:s1:w2',
      chapterId: '22222222-2222-4222-8222-222222222222',
      segmentId: 's1',
      clip: { startSeconds: 1, endSeconds: 3 },
      parts: [{ text: 'La ' }, { blank: 0 }, { text: ' es grande.' }],
      blanks: [{ wordId: 'w2', options: ['casa', 'mesa', 'calle', 'plaza'] }],
    },
    {
      id: 'c1:cloze:s2:w1,w4',
      chapterId: '22222222-2222-4222-8222-222222222222',
      segmentId: 's2',
      clip: { startSeconds: 4, endSeconds: 7 },
      parts: [{ blank: 0 }, { text: ' come ' }, { blank: 1 }],
      blanks: [
        { wordId: 'w1', options: ['Ana', 'Eva', 'Luz', 'Sol'] },
        { wordId: 'w4', options: ['pan', 'sal', 'té', 'mar'] },
      ],
    },
  ],
  words: ['casa', 'brenar', 'comer'],
};

describe('placement answers', () => {
  it('sends every blank, an unanswered one as "I don\'t know", and every word shown', () => {
    const body = placementAnswers(
      test,
      new Map([['c1:cloze:s2:w1,w4', [null, 'pan']]]),
      new Set(['casa', 'comer']),
    );
    expect(body.cloze.map(({ segmentId, wordId, choice }) => [segmentId, wordId, choice])).toEqual([
      ['s1', 'w2', null],
      ['s2', 'w1', null],
      ['s2', 'w4', 'pan'],
    ]);
    expect(body.words).toEqual([
      { word: 'casa', known: true },
      { word: 'brenar', known: false },
      { word: 'comer', known: true },
    ]);
  });
});
