import { describe, expect, it } from 'vitest';
import { storyInputSchema, type AdminStory } from '#shared/contracts/admin-stories';
import {
  emptyWizardValues,
  newChapter,
  stepFields,
  toStoryInput,
  wizardSchema,
  wizardValuesFromStory,
  type WizardStep,
  type WizardValues,
} from './wizard-schema';

/** The messages a step shows when Next is pressed (the fields of that step only). */
function stepMessages(step: WizardStep, values: WizardValues): string[] {
  const result = wizardSchema.safeParse(values);
  if (result.success) return [];
  const fields: readonly string[] = stepFields[step];
  return result.error.issues
    .filter((issue) => fields.includes(String(issue.path[0])))
    .map((issue) => issue.message);
}

const filled = (changes: Partial<WizardValues> = {}): WizardValues => ({
  ...emptyWizardValues(),
  title: 'El viaje',
  description: 'Un viaje.',
  imageUrl: '/api/files/series-images/c.png',
  chapters: [newChapter(1)],
  ...changes,
});

describe('wizard step gating (decision 016)', () => {
  it('step 1 needs a title and a description, trimmed', () => {
    expect(stepMessages(1, emptyWizardValues())).toEqual([
      'Story title is required',
      'Description is required',
    ]);
    expect(stepMessages(1, filled({ title: '   ', description: ' \n ' }))).toEqual([
      'Story title is required',
      'Description is required',
    ]);
    expect(stepMessages(1, filled())).toEqual([]);
  });

  it('step 1 takes empty number fields (defaults) but not negative or broken ones', () => {
    expect(stepMessages(1, filled({ position: '', newWordsCount: '' }))).toEqual([]);
    expect(stepMessages(1, filled({ position: '0', newWordsCount: '-1' }))).toEqual([
      'New words count must be a whole number, 0 or more',
      'Position must be a whole number, 1 or more',
    ]);
    expect(stepMessages(1, filled({ position: '1.5' }))).toEqual([
      'Position must be a whole number, 1 or more',
    ]);
  });

  it('step 2 needs a cover image', () => {
    expect(stepMessages(2, filled({ imageUrl: '' }))).toEqual(['Cover image is required']);
    expect(stepMessages(2, filled())).toEqual([]);
  });

  it('step 3 needs a chapter and every chapter titled, but not their files', () => {
    expect(stepMessages(3, filled({ chapters: [] }))).toEqual(['Add at least one chapter']);
    expect(
      stepMessages(3, filled({ chapters: [newChapter(1), { ...newChapter(2), title: '  ' }] })),
    ).toEqual(['Chapter 2 title is required']);
    expect(stepMessages(3, filled())).toEqual([]);
  });

  it('step 4 checks nothing more', () => {
    expect(stepFields[4]).toEqual([]);
  });

  it('adds chapters named Chapter N', () => {
    expect(newChapter(3).title).toBe('Chapter 3');
  });
});

describe('toStoryInput', () => {
  it('trims, applies the defaults and parses the numbers (spec, section 5)', () => {
    const input = toStoryInput(
      filled({
        title: '  El viaje ',
        description: '  Un viaje.  ',
        position: '',
        newWordsCount: '',
        chapters: [
          { ...newChapter(1), title: ' Uno ', duration: 90, audioFileId: 'a.mp3' },
          { ...newChapter(2), chapterId: '22222222-2222-4222-8222-222222222222', duration: null },
        ],
      }),
    );
    expect(input).toEqual({
      title: 'El viaje',
      description: 'Un viaje.',
      language: 'Spanish',
      level: 'Beginner',
      imageUrl: '/api/files/series-images/c.png',
      newWordsCount: 0,
      chapters: [
        { title: 'Uno', audioFileId: 'a.mp3', transcriptFileId: '' },
        {
          id: '22222222-2222-4222-8222-222222222222',
          title: 'Chapter 2',
          audioFileId: '',
          transcriptFileId: '',
        },
      ],
    });
    // What the wizard sends is what the server's schema accepts.
    expect(storyInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends a typed position, and none when it is left empty (a new story goes last)', () => {
    expect(toStoryInput(filled({ position: ' 3 ' })).position).toBe(3);
    expect(toStoryInput(filled({ position: '' }))).not.toHaveProperty('position');
    expect(emptyWizardValues().position).toBe('');
  });

  it('sends an empty description as null and keeps the story language', () => {
    const input = toStoryInput(filled({ description: '   ' }), 'English');
    expect(input.description).toBeNull();
    expect(input.language).toBe('English');
  });

  it('round-trips a loaded story, chapters by position', () => {
    const story: AdminStory = {
      id: '11111111-1111-4111-8111-111111111111',
      slug: 'x',
      title: 'X',
      description: null,
      language: 'Spanish',
      level: 'Advanced',
      position: 4,
      status: 'draft',
      requiresLogin: true,
      newWordsCount: 7,
      imageUrl: null,
      publishedAt: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      cover: 'none',
      complete: false,
      hasUnpublishedChanges: false,
      revisionPublishedAt: null,
      removedChapters: [],
      chapters: [
        {
          id: '33333333-3333-4333-8333-333333333333',
          title: 'B',
          position: 2,
          duration: null,
          audioFileId: '',
          transcriptFileId: 't.json',
        },
        {
          id: '22222222-2222-4222-8222-222222222222',
          title: 'A',
          position: 1,
          duration: 30,
          audioFileId: 'a.mp3',
          transcriptFileId: '',
        },
      ],
    };
    const values = wizardValuesFromStory(story);
    expect(values.description).toBe('');
    expect(values.imageUrl).toBe('');
    expect(values.chapters.map((chapter) => chapter.title)).toEqual(['A', 'B']);
    expect(toStoryInput(values)).toEqual({
      title: 'X',
      description: null,
      language: 'Spanish',
      level: 'Advanced',
      position: 4,
      imageUrl: null,
      newWordsCount: 7,
      chapters: [
        {
          id: '22222222-2222-4222-8222-222222222222',
          title: 'A',
          audioFileId: 'a.mp3',
          transcriptFileId: '',
        },
        {
          id: '33333333-3333-4333-8333-333333333333',
          title: 'B',
          audioFileId: '',
          transcriptFileId: 't.json',
        },
      ],
    });
  });
});
