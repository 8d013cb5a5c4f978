import { describe, expect, it } from 'vitest';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import {
  buildRevision,
  hasUnpublishedChanges,
  isInRevision,
  publishedView,
  workingView,
} from './published-revision.ts';
import type { ChapterRow, StoryWithChapters } from './stories.repository.ts';

const at = new Date('2026-01-02T03:04:05.000Z');

const question: ChapterQuestion = {
  text: '¿Dónde está el faro?',
  options: ['En la costa', 'En el pueblo'],
  correctOption: 0,
  segmentId: 's3',
};

function chapter(id: string, position: number, overrides: Partial<ChapterRow> = {}): ChapterRow {
  return {
    id,
    storyId: 'story',
    title: `Chapter ${position}`,
    position,
    duration: 60,
    audioFileId: `${id}.m4a`,
    transcriptFileId: `${id}.json`,
    questions: [],
    removedAt: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function story(chapters: ChapterRow[], overrides: Partial<StoryWithChapters> = {}) {
  const row: StoryWithChapters = {
    id: 'story',
    title: 'El faro',
    slug: 'el-faro',
    description: 'A lighthouse.',
    language: 'Spanish',
    level: 'Beginner',
    position: 1,
    imageUrl: null,
    status: 'published',
    publishedAt: at,
    requiresLogin: false,
    newWordsCount: 10,
    publishedRevision: null,
    createdAt: at,
    updatedAt: at,
    chapters,
    ...overrides,
  };
  return row;
}

/** A published story whose revision is its working copy now. */
const published = (chapters: ChapterRow[]) => {
  const row = story(chapters);
  return { ...row, publishedRevision: buildRevision(row, at) };
};

describe('buildRevision', () => {
  it('keeps the chapters that can play, by position, and leaves out removed ones', () => {
    const revision = buildRevision(
      story([
        chapter('c3', 3),
        chapter('c1', 1),
        chapter('silent', 2, { audioFileId: '' }),
        chapter('untimed', 4, { transcriptFileId: '' }),
        chapter('gone', 5, { removedAt: at }),
      ]),
      at,
    );
    expect(revision.publishedAt).toBe(at.toISOString());
    expect(revision.chapters.map((entry) => entry.id)).toEqual(['c1', 'c3']);
    expect(revision.chapters[0]).toEqual({
      id: 'c1',
      title: 'Chapter 1',
      position: 1,
      duration: 60,
      audioFileId: 'c1.m4a',
      transcriptFileId: 'c1.json',
      questions: [],
    });
  });

  it('keeps each chapter’s comprehension questions as they are (decision 069)', () => {
    const revision = buildRevision(story([chapter('c1', 1, { questions: [question] })]), at);
    expect(revision.chapters[0]!.questions).toEqual([question]);
  });
});

describe('hasUnpublishedChanges', () => {
  it('is false before the first publish and right after a publish', () => {
    expect(hasUnpublishedChanges(story([chapter('c1', 1)]))).toBe(false);
    expect(hasUnpublishedChanges(published([chapter('c1', 1)]))).toBe(false);
  });

  it('sees edits of the content and of chapters learners would meet', () => {
    const base = published([chapter('c1', 1)]);
    expect(hasUnpublishedChanges({ ...base, title: 'Otro' })).toBe(true);
    expect(hasUnpublishedChanges({ ...base, chapters: [chapter('c1', 1, { title: 'X' })] })).toBe(
      true,
    );
    expect(
      hasUnpublishedChanges({ ...base, chapters: [chapter('c1', 1, { removedAt: at })] }),
    ).toBe(true);
    expect(
      hasUnpublishedChanges({ ...base, chapters: [chapter('c1', 1, { audioFileId: 'new.m4a' })] }),
    ).toBe(true);
  });

  it('sees a change of a chapter’s questions, and reads a revision without them as none', () => {
    const base = published([chapter('c1', 1, { questions: [question] })]);
    expect(hasUnpublishedChanges(base)).toBe(false);
    const edited = (questions: ChapterQuestion[]) => ({
      ...base,
      chapters: [chapter('c1', 1, { questions })],
    });
    expect(hasUnpublishedChanges(edited([]))).toBe(true);
    expect(hasUnpublishedChanges(edited([{ ...question, correctOption: 1 }]))).toBe(true);
    expect(
      hasUnpublishedChanges(edited([{ ...question, options: ['En la costa', 'Lejos'] }])),
    ).toBe(true);
    expect(hasUnpublishedChanges(edited([question, question]))).toBe(true);

    // A revision published before questions existed holds none: no change while there are none.
    const older = published([chapter('c1', 1)]);
    const { questions: _dropped, ...withoutQuestions } = older.publishedRevision.chapters[0]!;
    const revision = { ...older.publishedRevision, chapters: [withoutQuestions] };
    expect(hasUnpublishedChanges({ ...older, publishedRevision: revision })).toBe(false);
    expect(
      publishedView({ ...older, publishedRevision: revision })!.chapters[0]!.questions,
    ).toEqual([]);
    expect(
      hasUnpublishedChanges({
        ...older,
        publishedRevision: revision,
        chapters: [chapter('c1', 1, { questions: [question] })],
      }),
    ).toBe(true);
  });

  it('ignores settings and chapters that could not be published anyway', () => {
    const base = published([chapter('c1', 1)]);
    expect(hasUnpublishedChanges({ ...base, position: 7, requiresLogin: true })).toBe(false);
    expect(
      hasUnpublishedChanges({
        ...base,
        chapters: [...base.chapters, chapter('silent', 2, { audioFileId: '' })],
      }),
    ).toBe(false);
  });

  it('reads a revision whatever the order of its keys (jsonb keeps its own)', () => {
    const base = published([chapter('c1', 1)]);
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, entry]) => [key, reversed(entry)]),
            )
          : value;
    const reordered = reversed(base.publishedRevision) as typeof base.publishedRevision;
    expect(hasUnpublishedChanges({ ...base, publishedRevision: reordered })).toBe(false);
  });
});

describe('publishedView and workingView', () => {
  it("gives learners the revision's content with the row's settings", () => {
    const base = published([chapter('c1', 1), chapter('c2', 2)]);
    const edited = {
      ...base,
      title: 'Editado',
      requiresLogin: true,
      position: 9,
      chapters: [
        chapter('c1', 1, { title: 'Nuevo', removedAt: null }),
        chapter('c2', 2, { removedAt: at }),
      ],
    };
    const view = publishedView(edited)!;
    expect(view).toMatchObject({ title: 'El faro', requiresLogin: true, position: 9 });
    expect(view.chapters.map((entry) => [entry.id, entry.title])).toEqual([
      ['c1', 'Chapter 1'],
      ['c2', 'Chapter 2'],
    ]);
    // Learners get the questions published, not the working copy's.
    const asked = { ...edited, chapters: [chapter('c1', 1, { questions: [question] })] };
    expect(publishedView(asked)!.chapters[0]!.questions).toEqual([]);
    expect(workingView(asked).chapters[0]!.questions).toEqual([question]);
    expect(workingView(edited).chapters.map((entry) => entry.title)).toEqual(['Nuevo']);
  });

  it('shows learners nothing of a draft, and no chapter whose row is gone', () => {
    const base = published([chapter('c1', 1), chapter('c2', 2)]);
    expect(publishedView({ ...base, status: 'draft' })).toBeUndefined();
    expect(publishedView(story([chapter('c1', 1)]))).toBeUndefined();
    expect(publishedView({ ...base, chapters: [base.chapters[1]!] })!.chapters).toHaveLength(1);
  });

  it('tells whether learners see a chapter', () => {
    const { publishedRevision } = published([chapter('c1', 1)]);
    expect(isInRevision(publishedRevision, 'c1')).toBe(true);
    expect(isInRevision(publishedRevision, 'c2')).toBe(false);
    expect(isInRevision(null, 'c1')).toBe(false);
  });
});
