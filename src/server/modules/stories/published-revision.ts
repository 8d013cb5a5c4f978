import { isChapterPublishable } from '#shared/contracts/admin-stories';
import { sameQuestions, type ChapterQuestion } from '#shared/contracts/comprehension';
import type { PublishedChapter, PublishedRevision } from '../../db/schema.ts';
import type { ChapterRow, StoryRow, StoryWithChapters } from './stories.repository.ts';

/**
 * Published revisions (decision 021): learners read a story's content and chapters as they were
 * when an administrator last published; the story row and its chapter rows are the working copy.
 * These pure functions build a revision from the working copy, tell whether the two differ, and
 * give the story as learners see it (the published view) or as administrators edit it (the
 * working view, for previews).
 */

/** A chapter as a story page or the player shows it, from either copy. */
export type ChapterView = Pick<
  ChapterRow,
  | 'id'
  | 'storyId'
  | 'title'
  | 'position'
  | 'duration'
  | 'audioFileId'
  | 'transcriptFileId'
  | 'questions'
  | 'createdAt'
>;

/** A story with the content and chapters of one copy; settings (order, login) are the row's. */
export type StoryView = StoryRow & { chapters: ChapterView[] };

const isRemoved = (chapter: Pick<ChapterRow, 'removedAt'>) => chapter.removedAt !== null;

type RevisionContent = Omit<PublishedRevision, 'publishedAt'>;

/** What publishing the working copy now would show learners. */
function revisionContent(story: StoryRow, chapters: ChapterRow[]): RevisionContent {
  return {
    title: story.title,
    description: story.description,
    imageUrl: story.imageUrl,
    language: story.language,
    level: story.level,
    newWordsCount: story.newWordsCount,
    chapters: chapters
      // Learners never meet a chapter that cannot play: it needs audio and a transcript.
      .filter((chapter) => !isRemoved(chapter) && isChapterPublishable(chapter))
      .sort((a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime())
      .map((chapter): PublishedChapter => ({
        id: chapter.id,
        title: chapter.title,
        position: chapter.position,
        duration: chapter.duration,
        audioFileId: chapter.audioFileId,
        transcriptFileId: chapter.transcriptFileId,
        questions: chapter.questions,
      })),
  };
}

/** A revision chapter's questions: none in revisions published before they existed. */
export const publishedQuestions = (chapter: PublishedChapter): ChapterQuestion[] =>
  chapter.questions ?? [];

/** The working copy as a new revision: removed chapters and those that cannot play left out. */
export function buildRevision(story: StoryWithChapters, publishedAt: Date): PublishedRevision {
  return { publishedAt: publishedAt.toISOString(), ...revisionContent(story, story.chapters) };
}

const sameChapter = (a: PublishedChapter, b: PublishedChapter) =>
  a.id === b.id &&
  a.title === b.title &&
  a.position === b.position &&
  a.duration === b.duration &&
  a.audioFileId === b.audioFileId &&
  a.transcriptFileId === b.transcriptFileId &&
  sameQuestions(publishedQuestions(a), publishedQuestions(b));

/**
 * Whether publishing now would change what learners see. Compared field by field: a revision read
 * back from jsonb does not keep its keys' order.
 */
export function hasUnpublishedChanges(story: StoryWithChapters): boolean {
  const published = story.publishedRevision;
  if (!published) return false;
  const current = revisionContent(story, story.chapters);
  return !(
    published.title === current.title &&
    published.description === current.description &&
    published.imageUrl === current.imageUrl &&
    published.language === current.language &&
    published.level === current.level &&
    published.newWordsCount === current.newWordsCount &&
    published.chapters.length === current.chapters.length &&
    published.chapters.every((chapter, index) => sameChapter(chapter, current.chapters[index]!))
  );
}

/** Whether learners see this chapter (it is in the story's published revision). */
export const isInRevision = (revision: PublishedRevision | null, chapterId: string) =>
  revision?.chapters.some((chapter) => chapter.id === chapterId) ?? false;

/**
 * The story as learners see it: its revision's content and chapters, with the row's settings; or
 * undefined when learners do not see it (a draft, or never published). A revision chapter whose
 * row is gone (its story was deleted meanwhile) is left out.
 */
export function publishedView(story: StoryWithChapters): StoryView | undefined {
  const revision = story.publishedRevision;
  if (story.status !== 'published' || !revision) return undefined;
  const rows = new Map(story.chapters.map((chapter) => [chapter.id, chapter]));
  const chapters = revision.chapters.flatMap((chapter): ChapterView[] => {
    const row = rows.get(chapter.id);
    return row
      ? [
          {
            ...chapter,
            questions: publishedQuestions(chapter),
            storyId: story.id,
            createdAt: row.createdAt,
          },
        ]
      : [];
  });
  return {
    ...story,
    title: revision.title,
    description: revision.description,
    imageUrl: revision.imageUrl,
    language: revision.language,
    level: revision.level,
    newWordsCount: revision.newWordsCount,
    chapters,
  };
}

/** The story as administrators edit it (previews): every chapter not marked removed. */
export const workingView = (story: StoryWithChapters): StoryView => ({
  ...story,
  chapters: story.chapters.filter((chapter) => !isRemoved(chapter)),
});
