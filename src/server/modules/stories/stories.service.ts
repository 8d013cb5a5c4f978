import type { Bucket } from '#shared/files';
import type { Database } from '../../db/client.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { isAdmin, type Viewer } from '../../lib/viewer.ts';
import * as repository from './stories.repository.ts';

export type ChapterMediaKind = 'audio' | 'transcript';

const visibilityFor = (viewer: Viewer): repository.StoryVisibility => ({
  includeDrafts: isAdmin(viewer),
});

/**
 * The published library changes rarely and is read on every visit: each instance keeps it for a
 * few seconds (an administrator's change shows on other instances within that time).
 */
const PUBLISHED_LIST_TTL_MS = 10_000;

export function createStoriesService(db: Database) {
  let published: { at: number; stories: Promise<repository.StoryWithChapters[]> } | undefined;

  return {
    listStories(viewer: Viewer) {
      if (isAdmin(viewer)) return repository.listStoriesWithChapters(db, visibilityFor(viewer));
      if (!published || Date.now() - published.at > PUBLISHED_LIST_TTL_MS) {
        const stories = repository.listStoriesWithChapters(db, { includeDrafts: false });
        published = { at: Date.now(), stories };
        stories.catch(() => (published = undefined));
      }
      return published.stories;
    },

    /** Drops this instance's cached published list (after an administrator changes a story). */
    invalidatePublishedList() {
      published = undefined;
    },

    async getStory(viewer: Viewer, id: string) {
      const story = await repository.findStoryById(db, id, visibilityFor(viewer));
      if (!story) throw notFound('Story not found');
      return story;
    },

    async getPublishedStoryBySlug(slug: string) {
      const story = await repository.findPublishedStoryBySlug(db, slug);
      if (!story) throw notFound('Story not found');
      return story;
    },

    async getChapter(viewer: Viewer, chapterId: string) {
      const found = await repository.findChapterWithStory(db, chapterId, visibilityFor(viewer));
      if (!found) throw notFound('Chapter not found');
      return found;
    },

    /** Where a chapter's audio or transcript is stored. */
    async getChapterMedia(viewer: Viewer, chapterId: string, kind: ChapterMediaKind) {
      const { chapter, story } = await this.getChapter(viewer, chapterId);
      // Stories that require login are listed to everyone but play only for signed-in users.
      if (story.requiresLogin && !viewer.userId) {
        throw unauthorized('Please sign in to access this story');
      }
      const key = kind === 'audio' ? chapter.audioFileId : chapter.transcriptFileId;
      if (key === '') {
        throw notFound(
          kind === 'audio' ? 'This chapter has no audio yet' : 'Transcript unavailable',
        );
      }
      const bucket: Bucket = kind === 'audio' ? 'audios' : 'trans';
      return { bucket, key, story, chapter };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
