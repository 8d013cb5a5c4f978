import type { Bucket } from '#shared/files';
import type { ChangeNotices } from '../../lib/change-notices.ts';
import { messages } from '#shared/messages';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { isAdmin, type Viewer } from '../../lib/viewer.ts';
import {
  publishedView,
  workingView,
  type ChapterView,
  type StoryView,
} from './published-revision.ts';
import type { StoriesRepository, StoryWithChapters } from './stories.repository.ts';
import type { TranscriptLoader } from './transcript-loader.ts';

export type ChapterMediaKind = 'audio' | 'transcript';

/** How a reader asks: `preview` asks for the working copy, which only administrators get. */
export interface ReadOptions {
  preview?: boolean;
}

/**
 * The published library changes rarely and is read on every visit: each instance keeps it, and
 * drops it when any instance announces a change to the stories (lib/change-notices.ts). The
 * lifetime only bounds a notice that was never published.
 */
const PUBLISHED_LIST_TTL_MS = 10_000;

/**
 * The library as learners see it (decision 021): published stories, each with the content and
 * chapters of its published revision, and the chapters they may play. An administrator asking
 * for a preview gets the working copy instead, drafts included; anyone else asking for one gets
 * exactly what learners get. Every read says whether it answered with the working copy.
 */
export function createStoriesService(deps: {
  stories: StoriesRepository;
  transcripts: TranscriptLoader;
  changes: ChangeNotices;
}) {
  const { stories, transcripts, changes } = deps;
  let published: { at: number; stories: Promise<StoryView[]> } | undefined;
  changes.onChange('stories', () => {
    published = undefined;
  });

  /** Stories that require login are listed to everyone but play only for signed-in users. */
  const mayListen = (viewer: Viewer, story: StoryView) => !story.requiresLogin || !!viewer.userId;

  const readsWorkingCopy = (viewer: Viewer, options: ReadOptions) =>
    options.preview === true && isAdmin(viewer);

  /** The copy of a story this reader sees, or undefined when it does not exist for them. */
  const viewOf = (row: StoryWithChapters | undefined, preview: boolean) =>
    row && (preview ? workingView(row) : publishedView(row));

  function publishedList(): Promise<StoryView[]> {
    if (!published || Date.now() - published.at > PUBLISHED_LIST_TTL_MS) {
      const list = stories
        .listWithChapters({ includeDrafts: false })
        .then((rows) => rows.flatMap((row) => publishedView(row) ?? []));
      const entry = { at: Date.now(), stories: list };
      published = entry;
      // A failed load is forgotten, unless a newer one has taken its place meanwhile.
      list.catch(() => {
        if (published === entry) published = undefined;
      });
    }
    return published.stories;
  }

  /**
   * A published chapter and its story, from the published library this instance keeps (indexed
   * once per copy of it) rather than a query: the player saves its progress every few seconds and
   * fetches its audio every half minute, and each of those asked the database for the chapter
   * (issue 26). Undefined when learners do not see such a chapter.
   */
  const chapterIndexes = new WeakMap<
    StoryView[],
    Map<string, { chapter: ChapterView; story: StoryView }>
  >();
  async function publishedChapter(chapterId: string) {
    const library = await publishedList();
    let index = chapterIndexes.get(library);
    if (!index) {
      index = new Map(
        library.flatMap((story) =>
          story.chapters.map((chapter) => [chapter.id, { chapter, story }] as const),
        ),
      );
      chapterIndexes.set(library, index);
    }
    return index.get(chapterId);
  }

  /**
   * The chapter as this reader sees it: from the published library when it is there, else from
   * the database (a story published behind this instance's back, an unknown id), and always from
   * the database for an administrator's preview (drafts included).
   */
  async function chapterFor(chapterId: string, preview: boolean) {
    const kept = preview ? undefined : await publishedChapter(chapterId);
    if (kept) return kept;
    const found = await stories.findChapterWithStory(chapterId, { includeDrafts: preview });
    const story = found && viewOf({ ...found.story, chapters: [found.chapter] }, preview);
    const chapter = story?.chapters[0];
    return story && chapter && { chapter, story };
  }

  async function getChapter(viewer: Viewer, chapterId: string, options: ReadOptions = {}) {
    const preview = readsWorkingCopy(viewer, options);
    const found = await chapterFor(chapterId, preview);
    if (!found) throw notFound(messages.stories.chapterNotFound);
    const { chapter: seen, story } = found;
    // The questions tell of the chapter's content: only for those who may listen to it.
    const chapter = mayListen(viewer, story) ? seen : { ...seen, questions: [] };
    return { chapter, story, preview };
  }

  /** Where a chapter's audio or transcript is stored. */
  async function getChapterMedia(
    viewer: Viewer,
    chapterId: string,
    kind: ChapterMediaKind,
    options: ReadOptions = {},
  ) {
    const { chapter, story, preview } = await getChapter(viewer, chapterId, options);
    if (!mayListen(viewer, story)) throw unauthorized(messages.auth.signInToListen);
    const key = kind === 'audio' ? chapter.audioFileId : chapter.transcriptFileId;
    if (key === '') {
      throw notFound(
        kind === 'audio' ? messages.stories.noAudioYet : messages.stories.transcriptUnavailable,
      );
    }
    const bucket: Bucket = kind === 'audio' ? 'audios' : 'trans';
    return { bucket, key, story, chapter, preview };
  }

  return {
    async listStories(viewer: Viewer, options: ReadOptions = {}) {
      if (!readsWorkingCopy(viewer, options)) {
        return { stories: await publishedList(), preview: false };
      }
      const rows = await stories.listWithChapters({ includeDrafts: true });
      return { stories: rows.map(workingView), preview: true };
    },

    /**
     * After an administrator changes a story: every instance drops its cached published list
     * (this one at once). Resolves once the notice is sent; never rejects.
     */
    invalidatePublishedList: () => changes.announce(['stories']),

    async getStory(viewer: Viewer, id: string, options: ReadOptions = {}) {
      const preview = readsWorkingCopy(viewer, options);
      const story = viewOf(await stories.findById(id, { includeDrafts: preview }), preview);
      if (!story) throw notFound(messages.stories.storyNotFound);
      return { story, preview };
    },

    async getStoryBySlug(viewer: Viewer, slug: string, options: ReadOptions = {}) {
      const preview = readsWorkingCopy(viewer, options);
      const story = viewOf(await stories.findBySlug(slug, { includeDrafts: preview }), preview);
      if (!story) throw notFound(messages.stories.storyNotFound);
      return { story, preview };
    },

    publishedChapter,
    getChapter,
    getChapterMedia,

    /** A chapter's parsed transcript, with its ETag and the story it belongs to. */
    async getTranscript(viewer: Viewer, chapterId: string, options: ReadOptions = {}) {
      const media = await getChapterMedia(viewer, chapterId, 'transcript', options);
      const { transcript, etag } = await transcripts.load(media.key);
      return { transcript, etag, story: media.story, preview: media.preview };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
