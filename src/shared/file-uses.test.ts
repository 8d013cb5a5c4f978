import { describe, expect, it } from 'vitest';
import type { FileUse } from './contracts/admin-files.ts';
import { describeFileUse, fileUseMessages, isPublishedUse } from './file-uses.ts';

const story = { storyId: '11111111-1111-4111-8111-111111111111', storyTitle: 'El faro' };
const chapter = {
  ...story,
  chapterId: '22222222-2222-4222-8222-222222222222',
  chapterTitle: 'La tormenta',
  chapterPosition: 1,
};

const every: [FileUse, string][] = [
  [{ kind: 'chapter', role: 'audio', ...chapter }, 'El faro → La tormenta (audio)'],
  [{ kind: 'chapter', role: 'transcript', ...chapter }, 'El faro → La tormenta (transcript)'],
  [
    { kind: 'published-chapter', role: 'audio', ...chapter },
    'El faro → La tormenta (published audio)',
  ],
  [
    { kind: 'transcript-version', version: 3, ...chapter },
    'El faro → La tormenta (transcript version 3)',
  ],
  [{ kind: 'cover', ...story }, 'El faro (cover)'],
  [{ kind: 'published-cover', ...story }, 'El faro (published cover)'],
  [{ kind: 'logo' }, 'Site logo'],
  [{ kind: 'site-image', settingKey: 'feature_library' }, 'Home page image (feature library)'],
  [{ kind: 'avatar', userId: 'u1', userName: 'Ana Ruiz' }, 'Profile picture of Ana Ruiz'],
];

describe('describeFileUse', () => {
  it.each(every)('names %o as people read it', (use, text) => {
    expect(describeFileUse(use)).toBe(text);
  });

  it('tells which uses learners see', () => {
    expect(every.filter(([use]) => isPublishedUse(use)).map(([use]) => use.kind)).toEqual([
      'published-chapter',
      'published-cover',
    ]);
  });
});

describe('fileUseMessages.inUse', () => {
  it('names every use when there are few', () => {
    expect(
      fileUseMessages.inUse('portada.png', [
        { kind: 'cover', ...story },
        { kind: 'published-cover', ...story },
      ]),
    ).toBe('portada.png is in use: El faro (cover); El faro (published cover)');
  });

  it('names five and counts the rest', () => {
    const uses = Array.from({ length: 7 }, (_, index): FileUse => ({
      kind: 'cover',
      ...story,
      storyTitle: `Story ${index + 1}`,
    }));
    expect(fileUseMessages.inUse('x.png', uses)).toBe(
      'x.png is in use: Story 1 (cover); Story 2 (cover); Story 3 (cover); Story 4 (cover); ' +
        'Story 5 (cover); and 2 more',
    );
  });
});
