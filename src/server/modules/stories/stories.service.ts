import type { Bucket } from '#shared/files';
import { messages } from '#shared/messages';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { isAdmin, type Viewer } from '../../lib/viewer.ts';
import type {
  StoriesRepository,
  StoryVisibility,
  StoryWithChapters,
} from './stories.repository.ts';
import type { TranscriptLoader } from './transcript-loader.ts';

export type ChapterMediaKind = 'audio' | 'transcript';

const visibilityFor = (viewer: Viewer): StoryVisibility => ({ includeDrafts: isAdmin(viewer) });

/**
 * The published library changes rarely and is read on every visit: each instance keeps it for a
 * few seconds (an administrator's change shows on other instances within that time).
 */
const PUBLISHED_LIST_TTL_MS = 10_000;

/** The library as a learner sees it: published stories, and the chapters they may play. */
export function createStoriesService(deps: {
  stories: StoriesRepository;
  transcripts: TranscriptLoader;
}) {
  const { stories, transcripts } = deps;
  let published: { at: number; stories: Promise<StoryWithChapters[]> } | undefined;

  async function getChapter(viewer: Viewer, chapterId: string) {
    const found = await stories.findChapterWithStory(chapterId, visibilityFor(viewer));
    if (!found) throw notFound(messages.stories.chapterNotFound);
    return found;
  }

  /** Where a chapter's audio or transcript is stored. */
  async function getChapterMedia(viewer: Viewer, chapterId: string, kind: ChapterMediaKind) {
    const { chapter, story } = await getChapter(viewer, chapterId);
    // Stories that require login are listed to everyone but play only for signed-in users.
    if (story.requiresLogin && !viewer.userId) throw unauthorized(messages.auth.signInToListen);
    const key = kind === 'audio' ? chapter.audioFileId : chapter.transcriptFileId;
    if (key === '') {
      throw notFound(
        kind === 'audio' ? messages.stories.noAudioYet : messages.stories.transcriptUnavailable,
      );
    }
    const bucket: Bucket = kind === 'audio' ? 'audios' : 'trans';
    return { bucket, key, story, chapter };
  }

  return {
    listStories(viewer: Viewer) {
      if (isAdmin(viewer)) return stories.listWithChapters(visibilityFor(viewer));
      if (!published || Date.now() - published.at > PUBLISHED_LIST_TTL_MS) {
        const list = stories.listWithChapters({ includeDrafts: false });
        published = { at: Date.now(), stories: list };
        list.catch(() => (published = undefined));
      }
      return published.stories;
    },

    /** Drops this instance's cached published list (after an administrator changes a story). */
    invalidatePublishedList() {
      published = undefined;
    },

    async getStory(viewer: Viewer, id: string) {
      const story = await stories.findById(id, visibilityFor(viewer));
      if (!story) throw notFound(messages.stories.storyNotFound);
      return story;
    },

    async getPublishedStoryBySlug(slug: string) {
      const story = await stories.findPublishedBySlug(slug);
      if (!story) throw notFound(messages.stories.storyNotFound);
      return story;
    },

    getChapter,
    getChapterMedia,

    /** A chapter's parsed transcript, with its ETag and the story it belongs to. */
    async getTranscript(viewer: Viewer, chapterId: string) {
      const media = await getChapterMedia(viewer, chapterId, 'transcript');
      const { transcript, etag } = await transcripts.load(media.key);
      return { transcript, etag, story: media.story };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
