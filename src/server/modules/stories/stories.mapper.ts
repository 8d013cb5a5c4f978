import type { Chapter, ChapterWithStory, Story, StorySummary } from '#shared/contracts/stories';
import type { ChapterView, StoryView } from './published-revision.ts';
import type { StoryRow } from './stories.repository.ts';

export const toChapter = (row: ChapterView): Chapter => ({
  id: row.id,
  storyId: row.storyId,
  title: row.title,
  position: row.position,
  duration: row.duration,
  hasAudio: row.audioFileId !== '',
  hasTranscript: row.transcriptFileId !== '',
  createdAt: row.createdAt.toISOString(),
});

export const toStorySummary = (row: StoryRow): StorySummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  language: row.language,
  level: row.level,
  position: row.position,
  status: row.status,
  requiresLogin: row.requiresLogin,
  newWordsCount: row.newWordsCount,
  imageUrl: row.imageUrl,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const toStory = (row: StoryView): Story => ({
  ...toStorySummary(row),
  chapters: row.chapters.map(toChapter),
});

/**
 * GET /api/chapters/:id (and the player page's inlined copy of it): the chapter with its story and
 * the questions the reader may see (stories.service decides which).
 */
export const toChapterWithStory = (chapter: ChapterView, story: StoryRow): ChapterWithStory => ({
  ...toChapter(chapter),
  story: toStorySummary(story),
  questions: chapter.questions,
});
