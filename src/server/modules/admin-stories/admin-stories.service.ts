import {
  adminStoryMessages,
  type AdminChapter,
  type AdminStory,
  type MoveDirection,
  type storyInputSchema,
} from '#shared/contracts/admin-stories';
import type { z } from 'zod';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  buildRevision,
  hasUnpublishedChanges,
  isInRevision,
} from '../stories/published-revision.ts';
import { toStorySummary } from '../stories/stories.mapper.ts';
import type { ChapterRow, StoryWithChapters } from '../stories/stories.repository.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type {
  AdminStoriesRepository,
  ChapterValues,
  StoryValues,
} from './admin-stories.repository.ts';
import { slugFromTitle, uniqueSlug } from './story-slug.ts';

/** The body after the contract's parsing (trimmed, defaults filled in). */
export type ParsedStoryInput = z.output<typeof storyInputSchema>;

/** The repository's methods, on the pool or inside a transaction. */
type StoryQueries = ReturnType<AdminStoriesRepository['in']>;

const toAdminChapter = (chapter: ChapterRow): AdminChapter => ({
  id: chapter.id,
  title: chapter.title,
  position: chapter.position,
  duration: chapter.duration,
  audioFileId: chapter.audioFileId,
  transcriptFileId: chapter.transcriptFileId,
});

/** The working copy, with what separates it from what learners see. */
export const toAdminStory = (row: StoryWithChapters): AdminStory => {
  const chapters = row.chapters.filter((chapter) => chapter.removedAt === null);
  return {
    ...toStorySummary(row),
    chapters: chapters.map(toAdminChapter),
    complete: chapters.length > 0 && row.imageUrl !== null && row.imageUrl !== '',
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    revisionPublishedAt: row.publishedRevision?.publishedAt ?? null,
    removedChapters: row.chapters
      .filter((chapter) => chapter.removedAt !== null)
      .map(toAdminChapter),
  };
};

const duplicateTitle = () =>
  conflict(adminStoryMessages.duplicateTitle, { hint: adminStoryMessages.duplicateTitleHint });

/** PostgreSQL's unique_violation, whether thrown by pg directly or wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const storyValues = (input: ParsedStoryInput): StoryValues => ({
  title: input.title,
  description: input.description,
  language: input.language,
  level: input.level,
  position: input.position,
  imageUrl: input.imageUrl === '' ? null : input.imageUrl,
  newWordsCount: input.newWordsCount,
});

/** A chapter's values as sent; its duration is set from its audio (withAudioDurations). */
const chapterValues = (
  chapter: ParsedStoryInput['chapters'][number],
  index: number,
): ChapterValues => ({
  title: chapter.title,
  position: index + 1,
  duration: null,
  audioFileId: chapter.audioFileId.trim(),
  transcriptFileId: chapter.transcriptFileId.trim(),
});

/**
 * A chapter's duration always comes from its audio, never from the request (decision 021): the
 * length its upload's record measured, or, while that is unknown, what the chapter already had
 * with the same audio; none without audio.
 */
async function withAudioDurations(
  queries: StoryQueries,
  chapters: ChapterValues[],
  stored: Map<string, { audioFileId: string; duration: number | null }>,
  ids: (string | undefined)[],
): Promise<ChapterValues[]> {
  const audioOf = (chapter: ChapterValues) => chapter.audioFileId ?? '';
  const keys = [...new Set(chapters.map(audioOf).filter((key) => key !== ''))];
  const measured = await queries.audioSeconds(keys);
  return chapters.map((chapter, index) => {
    const audio = audioOf(chapter);
    if (audio === '') return { ...chapter, duration: null };
    const id = ids[index];
    const before = id === undefined ? undefined : stored.get(id);
    const kept = before && before.audioFileId === audio ? before.duration : null;
    return { ...chapter, duration: measured.get(audio) ?? kept };
  });
}

/**
 * Chapter files must be '' or an upload of the right bucket, named by its file name or its
 * file_path; the chapters returned reference each upload by its file_path (the storage key the
 * player, the files list and the file clean-ups use). Values a chapter already stores are not
 * checked again, so a story whose files were never registered (or are gone) stays editable.
 */
async function resolveFileReferences(
  queries: StoryQueries,
  chapters: ChapterValues[],
  stored: Map<string, { audioFileId: string; transcriptFileId: string }>,
  ids: (string | undefined)[],
): Promise<ChapterValues[]> {
  const wanted = (kind: 'audioFileId' | 'transcriptFileId') =>
    chapters
      .map((chapter, index) => ({ index, name: chapter[kind]! }))
      .filter(({ index, name }) => {
        const id = ids[index];
        return name !== '' && (id === undefined || stored.get(id)?.[kind] !== name);
      });
  const audio = wanted('audioFileId');
  const transcripts = wanted('transcriptFileId');
  const [audioFound, transcriptFound] = await Promise.all([
    queries.existingFilePaths(
      'audios',
      audio.map(({ name }) => name),
    ),
    queries.existingFilePaths(
      'trans',
      transcripts.map(({ name }) => name),
    ),
  ]);
  const missingAudio = audio.find(({ name }) => !audioFound.has(name));
  if (missingAudio) {
    throw badRequest(
      `Chapter ${missingAudio.index + 1}: the audio file "${missingAudio.name}" is not an uploaded file in the audios bucket`,
    );
  }
  const missingTranscript = transcripts.find(({ name }) => !transcriptFound.has(name));
  if (missingTranscript) {
    throw badRequest(
      `Chapter ${missingTranscript.index + 1}: the transcript file "${missingTranscript.name}" is not an uploaded file in the trans bucket`,
    );
  }
  const resolved = chapters.map((chapter) => ({ ...chapter }));
  for (const { index, name } of audio) resolved[index]!.audioFileId = audioFound.get(name)!;
  for (const { index, name } of transcripts) {
    resolved[index]!.transcriptFileId = transcriptFound.get(name)!;
  }
  return resolved;
}

/**
 * Story management of the content screen. Every change runs in one transaction with its audit
 * entry; a title another story has is a conflict, also when two saves race.
 */
export function createAdminStoriesService(deps: {
  stories: AdminStoriesRepository;
  /** The learner-side stories, whose cached public list every change drops. */
  publicStories: StoriesService;
  transaction: TransactionRunner;
  audit: AuditLog;
}) {
  const { stories, publicStories, transaction, audit } = deps;

  /** Runs a change in one transaction, then drops this instance's cached public list. */
  async function change<T>(
    work: (queries: StoryQueries, auditLog: ReturnType<AuditLog['in']>) => Promise<T>,
  ): Promise<T> {
    try {
      return await transaction((tx) => work(stories.in(tx), audit.in(tx)));
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isUniqueViolation(error)) throw duplicateTitle();
      throw error;
    } finally {
      // Also after a failure: nothing changed then, and an extra reload is harmless.
      publicStories.invalidatePublishedList();
    }
  }

  async function findStory(queries: StoryQueries, id: string): Promise<StoryWithChapters> {
    const row = await queries.findAnyStory(id);
    if (!row) throw notFound(adminStoryMessages.notFound);
    return row;
  }

  const load = async (queries: StoryQueries, id: string): Promise<AdminStory> =>
    toAdminStory(await findStory(queries, id));

  /**
   * The working copy becomes the revision learners see: chapters removed from it are deleted now
   * (with learners' progress and bookmarks on them), and chapters without audio or a transcript
   * stay out of it.
   */
  async function publishWorkingCopy(queries: StoryQueries, id: string) {
    const removed = await queries.deleteRemovedChapters(id);
    const story = await findStory(queries, id);
    const revision = buildRevision(story, new Date());
    await queries.saveRevision(id, revision);
    return {
      removed,
      published: revision.chapters.length,
      heldBack: story.chapters.length - revision.chapters.length,
    };
  }

  return {
    async listStories(): Promise<AdminStory[]> {
      return (await stories.listAllStories()).map(toAdminStory);
    },

    getStory: (id: string) => load(stories, id),

    /** A new draft; the slug comes from the title once and never changes. */
    createStory(input: ParsedStoryInput, actor: Actor): Promise<AdminStory> {
      return change(async (queries, auditLog) => {
        if (await queries.titleTaken(input.title)) throw duplicateTitle();
        const noIds = input.chapters.map(() => undefined);
        const chapters = await withAudioDurations(
          queries,
          await resolveFileReferences(queries, input.chapters.map(chapterValues), new Map(), noIds),
          new Map(),
          noIds,
        );
        const base = slugFromTitle(input.title);
        const slug = uniqueSlug(base, await queries.slugsLike(base));
        const row = await queries.insertStory({ ...storyValues(input), slug });
        await queries.insertChapters(row.id, chapters);
        await auditLog.record({
          action: 'story_created',
          ...actor,
          details: { story_id: row.id, title: row.title, chapters: chapters.length },
        });
        return load(queries, row.id);
      });
    },

    /**
     * Story fields and chapters together, in the working copy. Chapters sent with an id are
     * updated in place (their learners' progress and bookmarks stay), new ones inserted; a
     * missing one is marked removed while learners still see it in the published revision (it
     * goes at the next publish), deleted otherwise.
     */
    updateStory(id: string, input: ParsedStoryInput, actor: Actor): Promise<AdminStory> {
      return change(async (queries, auditLog) => {
        const updated = await queries.updateStory(id, storyValues(input));
        if (!updated) throw notFound(adminStoryMessages.notFound);
        if (await queries.titleTaken(input.title, id)) throw duplicateTitle();
        const existing = await queries.chapterIdsOf(id);
        const stored = new Map(existing.map((chapter) => [chapter.id, chapter]));
        const ids = input.chapters.map((chapter) => chapter.id);
        const seen = new Set<string>();
        ids.forEach((chapterId, index) => {
          if (chapterId === undefined) return;
          if (!stored.has(chapterId)) {
            throw badRequest(`Chapter ${index + 1} does not belong to this story`);
          }
          if (seen.has(chapterId)) throw badRequest(`Chapter ${index + 1} is listed twice`);
          seen.add(chapterId);
        });
        const chapters = await withAudioDurations(
          queries,
          await resolveFileReferences(queries, input.chapters.map(chapterValues), stored, ids),
          stored,
          ids,
        );

        const dropped = existing
          .filter((chapter) => chapter.removedAt === null && !seen.has(chapter.id))
          .map((chapter) => chapter.id);
        const learnersSee = (chapterId: string) =>
          isInRevision(updated.publishedRevision, chapterId);
        await queries.markChaptersRemoved(dropped.filter(learnersSee));
        await queries.deleteChapters(dropped.filter((chapterId) => !learnersSee(chapterId)));
        const fresh: ChapterValues[] = [];
        for (const [index, values] of chapters.entries()) {
          const chapterId = ids[index];
          if (chapterId === undefined) fresh.push(values);
          else await queries.updateChapter(chapterId, values);
        }
        await queries.insertChapters(id, fresh);
        await auditLog.record({
          action: 'story_updated',
          ...actor,
          details: {
            story_id: id,
            title: input.title,
            chapters: chapters.length,
            chapters_added: fresh.length,
            chapters_removed: dropped.length,
          },
        });
        return load(queries, id);
      });
    },

    /**
     * published ⇄ draft. Publishing a story for the first time makes its first revision;
     * unpublishing keeps the revision, which learners see again when it is published again.
     */
    toggleStatus(id: string, actor: Actor): Promise<AdminStory> {
      return change(async (queries, auditLog) => {
        const row = await queries.toggleStatus(id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        if (row.status === 'published' && !row.hasRevision) await publishWorkingCopy(queries, id);
        await auditLog.record({
          action: row.status === 'published' ? 'story_published' : 'story_unpublished',
          ...actor,
          details: { story_id: id, title: row.title },
        });
        return load(queries, id);
      });
    },

    /** "Publish changes": learners see the working copy as it is now (decision 021). */
    publishChanges(id: string, actor: Actor): Promise<AdminStory> {
      return change(async (queries, auditLog) => {
        if (!(await queries.lockStory(id))) throw notFound(adminStoryMessages.notFound);
        const { removed, published, heldBack } = await publishWorkingCopy(queries, id);
        const story = await load(queries, id);
        await auditLog.record({
          action: 'story_changes_published',
          ...actor,
          details: {
            story_id: id,
            title: story.title,
            chapters: published,
            chapters_removed: removed,
            chapters_without_media: heldBack,
          },
        });
        return story;
      });
    },

    toggleRequiresLogin(id: string, actor: Actor): Promise<AdminStory> {
      return change(async (queries, auditLog) => {
        const row = await queries.toggleRequiresLogin(id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        await auditLog.record({
          action: 'story_login_changed',
          ...actor,
          details: { story_id: id, title: row.title, requires_login: row.requiresLogin },
        });
        return load(queries, id);
      });
    },

    /** Swaps positions with the story just above (position − 1) or below (position + 1). */
    moveStory(id: string, direction: MoveDirection, actor: Actor): Promise<AdminStory[]> {
      return change(async (queries, auditLog) => {
        await queries.lockMoves();
        const story = await queries.storyPosition(id);
        if (!story) throw notFound(adminStoryMessages.notFound);
        if (direction === 'up' && story.position <= 1) {
          throw badRequest(adminStoryMessages.alreadyFirst);
        }
        const target = story.position + (direction === 'up' ? -1 : 1);
        const neighbour = await queries.storyAtPosition(target, id);
        if (!neighbour) {
          throw badRequest(
            direction === 'up' ? adminStoryMessages.nothingAbove : adminStoryMessages.nothingBelow,
          );
        }
        await queries.setPosition(neighbour.id, story.position);
        await queries.setPosition(id, target);
        await auditLog.record({
          action: 'story_moved',
          ...actor,
          details: {
            story_id: id,
            title: story.title,
            direction,
            from_position: story.position,
            to_position: target,
            swapped_with: neighbour.id,
          },
        });
        return (await queries.listAllStories()).map(toAdminStory);
      });
    },

    deleteStory(id: string, actor: Actor): Promise<void> {
      return change(async (queries, auditLog) => {
        const row = await queries.deleteStory(id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        await auditLog.record({
          action: 'story_deleted',
          ...actor,
          details: { story_id: row.id, title: row.title, slug: row.slug },
        });
      });
    },
  };
}

export type AdminStoriesService = ReturnType<typeof createAdminStoriesService>;
