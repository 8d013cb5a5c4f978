import { describe, expect, it } from 'vitest';
import type { StoryWithChapters } from '../stories/stories.repository.ts';
import { stillStored } from './already-stored.ts';

/** The fields stillStored reads of a story and its chapters. */
const storyWith = (chapters: Array<{ audio: string; transcript: string; removed?: boolean }>) =>
  ({
    imageUrl: '/api/files/series-images/cover-1.webp',
    chapters: chapters.map((chapter) => ({
      audioFileId: chapter.audio,
      transcriptFileId: chapter.transcript,
      removedAt: chapter.removed ? new Date() : null,
    })),
  }) as unknown as StoryWithChapters;

describe('stillStored (what an import found already stored, checked again under its lock)', () => {
  const kept = {
    cover: 'cover-1.webp',
    chapters: [{ audio: 'a1.m4a', transcript: 't1.json' }, { audio: 'a2.m4a' }],
  };

  it('holds while the story has the same files at the same places', () => {
    const story = storyWith([
      { audio: 'a1.m4a', transcript: 't1.json' },
      { audio: 'removed.m4a', transcript: '', removed: true },
      { audio: 'a2.m4a', transcript: 'edited.json' },
    ]);
    // The removed chapter is not in place; the second chapter's transcript was not kept.
    expect(stillStored(kept, story)).toBe(true);
  });

  it('fails when a studio save, another recording or another cover came in between', () => {
    expect(
      stillStored(
        kept,
        storyWith([
          { audio: 'a1.m4a', transcript: 't1-saved-since.json' },
          { audio: 'a2.m4a', transcript: '' },
        ]),
      ),
    ).toBe(false);
    expect(
      stillStored(
        kept,
        storyWith([
          { audio: 'a1.m4a', transcript: 't1.json' },
          { audio: 'other.m4a', transcript: '' },
        ]),
      ),
    ).toBe(false);
    const recovered = storyWith([
      { audio: 'a1.m4a', transcript: 't1.json' },
      { audio: 'a2.m4a', transcript: '' },
    ]);
    expect(stillStored(kept, { ...recovered, imageUrl: 'https://example.com/c.jpg' })).toBe(false);
    expect(stillStored({ chapters: [] }, undefined)).toBe(true);
  });
});
