import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
// Interim: the admin modules get their audit log from app-context.ts next.
const auditLogOf = (db: Database) => createAuditLogRepository({ db });
import {
  adminStoryMessages,
  type AdminStory,
  type MoveDirection,
  type storyInputSchema,
} from '#shared/contracts/admin-stories';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import { toStorySummary } from '../stories/stories.mapper.ts';
import type { StoryWithChapters } from '../stories/stories.repository.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import * as repository from './admin-stories.repository.ts';
import { slugFromTitle, uniqueSlug } from './story-slug.ts';

/** The body after the contract's parsing (trimmed, defaults filled in). */
export type ParsedStoryInput = z.output<typeof storyInputSchema>;

/** Who acts, for the audit log. */
export interface Actor {
  userId: string;
  origin: RequestOrigin;
}

export const toAdminStory = (row: StoryWithChapters): AdminStory => ({
  ...toStorySummary(row),
  chapters: row.chapters.map((chapter) => ({
    id: chapter.id,
    title: chapter.title,
    position: chapter.position,
    duration: chapter.duration,
    audioFileId: chapter.audioFileId,
    transcriptFileId: chapter.transcriptFileId,
  })),
  complete: row.chapters.length > 0 && row.imageUrl !== null && row.imageUrl !== '',
});

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

const storyValues = (input: ParsedStoryInput): repository.StoryValues => ({
  title: input.title,
  description: input.description,
  language: input.language,
  level: input.level,
  position: input.position,
  imageUrl: input.imageUrl === '' ? null : input.imageUrl,
  newWordsCount: input.newWordsCount,
});

const chapterValues = (
  chapter: ParsedStoryInput['chapters'][number],
  index: number,
): repository.ChapterValues => ({
  title: chapter.title,
  position: index + 1,
  duration: chapter.duration,
  audioFileId: chapter.audioFileId.trim(),
  transcriptFileId: chapter.transcriptFileId.trim(),
});

/**
 * Chapter files must be '' or an upload of the right bucket, named by its file name or its
 * file_path; the chapters returned reference each upload by its file_path (the storage key the
 * player, the files list and the file clean-ups use). Values a chapter already stores are not
 * checked again, so a story whose files were never registered (or are gone) stays editable.
 */
async function resolveFileReferences(
  db: DbExecutor,
  chapters: repository.ChapterValues[],
  stored: Map<string, { audioFileId: string; transcriptFileId: string }>,
  ids: (string | undefined)[],
): Promise<repository.ChapterValues[]> {
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
    repository.existingFilePaths(
      db,
      'audios',
      audio.map(({ name }) => name),
    ),
    repository.existingFilePaths(
      db,
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

export function createAdminStoriesService(db: Database, stories: StoriesService) {
  const auditLog = auditLogOf(db);
  /** Runs a change in one transaction, then drops this instance's cached public list. */
  async function change<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isUniqueViolation(error)) throw duplicateTitle();
      throw error;
    } finally {
      // Also after a failure: nothing changed then, and an extra reload is harmless.
      stories.invalidatePublishedList();
    }
  }

  async function load(executor: DbExecutor, id: string): Promise<AdminStory> {
    const row = await repository.findAnyStory(executor, id);
    if (!row) throw notFound(adminStoryMessages.notFound);
    return toAdminStory(row);
  }

  return {
    async listStories(): Promise<AdminStory[]> {
      return (await repository.listAllStories(db)).map(toAdminStory);
    },

    getStory: (id: string) => load(db, id),

    /** A new draft; the slug comes from the title once and never changes. */
    createStory(input: ParsedStoryInput, actor: Actor): Promise<AdminStory> {
      return change(async (tx) => {
        if (await repository.titleTaken(tx, input.title)) throw duplicateTitle();
        const chapters = await resolveFileReferences(
          tx,
          input.chapters.map(chapterValues),
          new Map(),
          input.chapters.map(() => undefined),
        );
        const base = slugFromTitle(input.title);
        const slug = uniqueSlug(base, await repository.slugsLike(tx, base));
        const row = await repository.insertStory(tx, { ...storyValues(input), slug });
        await repository.insertChapters(tx, row.id, chapters);
        await auditLog.in(tx).record({
          action: 'story_created',
          ...actor,
          details: { story_id: row.id, title: row.title, chapters: chapters.length },
        });
        return load(tx, row.id);
      });
    },

    /**
     * Story fields and chapters together. Chapters sent with an id are updated in place (their
     * learners' progress and bookmarks stay), new ones inserted, missing ones deleted.
     */
    updateStory(id: string, input: ParsedStoryInput, actor: Actor): Promise<AdminStory> {
      return change(async (tx) => {
        if (!(await repository.updateStory(tx, id, storyValues(input)))) {
          throw notFound(adminStoryMessages.notFound);
        }
        if (await repository.titleTaken(tx, input.title, id)) throw duplicateTitle();
        const existing = await repository.chapterIdsOf(tx, id);
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
        const chapters = await resolveFileReferences(
          tx,
          input.chapters.map(chapterValues),
          stored,
          ids,
        );

        await repository.deleteChapters(
          tx,
          existing.map((chapter) => chapter.id).filter((chapterId) => !seen.has(chapterId)),
        );
        const fresh: repository.ChapterValues[] = [];
        for (const [index, values] of chapters.entries()) {
          const chapterId = ids[index];
          if (chapterId === undefined) fresh.push(values);
          else await repository.updateChapter(tx, chapterId, values);
        }
        await repository.insertChapters(tx, id, fresh);
        await auditLog.in(tx).record({
          action: 'story_updated',
          ...actor,
          details: {
            story_id: id,
            title: input.title,
            chapters: chapters.length,
            chapters_added: fresh.length,
            chapters_removed: existing.length - seen.size,
          },
        });
        return load(tx, id);
      });
    },

    /** published ⇄ draft. */
    toggleStatus(id: string, actor: Actor): Promise<AdminStory> {
      return change(async (tx) => {
        const row = await repository.toggleStatus(tx, id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        await auditLog.in(tx).record({
          action: row.status === 'published' ? 'story_published' : 'story_unpublished',
          ...actor,
          details: { story_id: id, title: row.title },
        });
        return load(tx, id);
      });
    },

    toggleRequiresLogin(id: string, actor: Actor): Promise<AdminStory> {
      return change(async (tx) => {
        const row = await repository.toggleRequiresLogin(tx, id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        await auditLog.in(tx).record({
          action: 'story_login_changed',
          ...actor,
          details: { story_id: id, title: row.title, requires_login: row.requiresLogin },
        });
        return load(tx, id);
      });
    },

    /** Swaps positions with the story just above (position − 1) or below (position + 1). */
    moveStory(id: string, direction: MoveDirection, actor: Actor): Promise<AdminStory[]> {
      return change(async (tx) => {
        await repository.lockMoves(tx);
        const story = await repository.storyPosition(tx, id);
        if (!story) throw notFound(adminStoryMessages.notFound);
        if (direction === 'up' && story.position <= 1) {
          throw badRequest(adminStoryMessages.alreadyFirst);
        }
        const target = story.position + (direction === 'up' ? -1 : 1);
        const neighbour = await repository.storyAtPosition(tx, target, id);
        if (!neighbour) {
          throw badRequest(
            direction === 'up' ? adminStoryMessages.nothingAbove : adminStoryMessages.nothingBelow,
          );
        }
        await repository.setPosition(tx, neighbour.id, story.position);
        await repository.setPosition(tx, id, target);
        await auditLog.in(tx).record({
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
        return (await repository.listAllStories(tx)).map(toAdminStory);
      });
    },

    deleteStory(id: string, actor: Actor): Promise<void> {
      return change(async (tx) => {
        const row = await repository.deleteStory(tx, id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        await auditLog.in(tx).record({
          action: 'story_deleted',
          ...actor,
          details: { story_id: row.id, title: row.title, slug: row.slug },
        });
      });
    },
  };
}

export type AdminStoriesService = ReturnType<typeof createAdminStoriesService>;
