import type { Job } from '#shared/contracts/jobs';
import {
  adminStoryMessages,
  chapterTextRefused,
  isStoryComplete,
  type AdminChapter,
  type AdminStory,
  type CoverState,
  type StoryMove,
  type storyInputSchema,
} from '#shared/contracts/admin-stories';
import type {
  PublishAction,
  PublishBody,
  ReviewState,
  UnreviewedPolicy,
} from '#shared/contracts/publishing';
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
import type { AlignmentService } from '../studio/alignment.service.ts';
import type {
  AdminStoriesRepository,
  ChapterValues,
  StoryValues,
} from './admin-stories.repository.ts';
import {
  assertPublishable,
  chaptersAfter,
  chaptersLeftOut,
  unreviewedAuditDetails,
  type ReviewStateReader,
} from './review-state.ts';
import { coverStateOf, storedImageOf } from './story-cover.ts';
import { movedInOrder } from './story-order.ts';
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

/**
 * The working copy, with what separates it from what learners see. `cover` says whether its cover
 * image is there (coverStateOf); completeness follows the one shared rule.
 */
export const toAdminStory = (row: StoryWithChapters, cover: CoverState): AdminStory => {
  const chapters = row.chapters.filter((chapter) => chapter.removedAt === null);
  return {
    ...toStorySummary(row),
    chapters: chapters.map(toAdminChapter),
    cover,
    complete: isStoryComplete({ chapters, cover }),
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    revisionPublishedAt: row.publishedRevision?.publishedAt ?? null,
    removedChapters: row.chapters
      .filter((chapter) => chapter.removedAt !== null)
      .map(toAdminChapter),
  };
};

/** Stories as the admin screens show them, each with whether its cover image is there. */
export async function toAdminStories(
  queries: Pick<StoryQueries, 'storedImages'>,
  rows: readonly StoryWithChapters[],
): Promise<AdminStory[]> {
  const images = rows.flatMap((row) => {
    const image = row.imageUrl ? storedImageOf(row.imageUrl) : undefined;
    return image ? [image] : [];
  });
  const stored = await queries.storedImages(images);
  return rows.map((row) => toAdminStory(row, coverStateOf(row.imageUrl, stored)));
}

const duplicateTitle = () =>
  conflict(adminStoryMessages.duplicateTitle, { hint: adminStoryMessages.duplicateTitleHint });

/**
 * The constraint of PostgreSQL's unique_violation, whether thrown by pg directly or wrapped by
 * Drizzle; undefined for any other error.
 */
function uniqueViolation(error: unknown): { constraint: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : '' };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The deferred unique constraints on positions (migration 0006, decision 023). */
const positionConstraints = new Set(['stories_position_unique', 'chapters_story_position_unique']);

const storyValues = (input: ParsedStoryInput): StoryValues => ({
  title: input.title,
  description: input.description,
  language: input.language,
  level: input.level,
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

/** A story saved by the wizard, and the alignments started for the chapters sent with a text. */
export interface SavedStory {
  story: AdminStory;
  alignmentJobs: Job[];
}

/**
 * Story management of the content screen. Every change runs in one transaction with its audit
 * entry; a title another story has is a conflict, also when two saves race. A chapter saved with
 * a plain text is aligned with its audio afterwards, in the studio's job (decision 048).
 */
export function createAdminStoriesService(deps: {
  stories: AdminStoriesRepository;
  /** The learner-side stories, whose cached public list every change drops. */
  publicStories: StoriesService;
  transaction: TransactionRunner;
  audit: AuditLog;
  /** What of the chapters learners would see no person has reviewed (decision 043). */
  reviewStateOf: ReviewStateReader;
  /** The site setting: whether unreviewed machine output may be published. */
  unreviewedPolicy: () => Promise<UnreviewedPolicy>;
  /** The studio's alignments: a chapter saved with a text is aligned (decision 048). */
  alignments: Pick<AlignmentService, 'start' | 'isAligning'>;
}) {
  const { stories, publicStories, transaction, audit, reviewStateOf, unreviewedPolicy } = deps;
  const { alignments } = deps;

  /**
   * A chapter of the edited story already being aligned cannot take a new text: refused before
   * anything is written (its job would make the chapter's transcript from the old text).
   */
  async function refuseTextsWhileAligning(input: ParsedStoryInput) {
    for (const [index, chapter] of input.chapters.entries()) {
      if (chapter.text === undefined || chapter.id === undefined) continue;
      if (await alignments.isAligning(chapter.id)) {
        throw conflict(chapterTextRefused(index + 1, adminStoryMessages.textWhileAligning));
      }
    }
  }

  /**
   * Once the story is saved, each chapter sent with a text is aligned with its audio (the
   * studio's job, audited as 'alignment_started'); the saved chapters are in the input's order.
   */
  async function startTextAlignments(
    input: ParsedStoryInput,
    story: AdminStory,
    actor: Actor,
  ): Promise<SavedStory> {
    const alignmentJobs: Job[] = [];
    for (const [index, chapter] of input.chapters.entries()) {
      const saved = story.chapters[index];
      if (chapter.text === undefined || saved === undefined) continue;
      alignmentJobs.push(
        await alignments.start(saved.id, { text: chapter.text, language: 'es' }, actor),
      );
    }
    return { story, alignmentJobs };
  }

  /** Runs a change in one transaction, then drops this instance's cached public list. */
  async function change<T>(
    work: (queries: StoryQueries, auditLog: ReturnType<AuditLog['in']>) => Promise<T>,
  ): Promise<T> {
    try {
      return await transaction((tx) => work(stories.in(tx), audit.in(tx)));
    } catch (error) {
      if (error instanceof AppError) throw error;
      const violation = uniqueViolation(error);
      // Moves are serialised, so two stories at one place should never reach the commit.
      if (violation && positionConstraints.has(violation.constraint)) {
        throw conflict(adminStoryMessages.orderChanged);
      }
      if (violation) throw duplicateTitle();
      throw error;
    } finally {
      // Every instance drops its cached list (decision 025); the notice is sent before the
      // answer goes. Also after a failure: nothing changed then, and an extra reload is harmless.
      await publicStories.invalidatePublishedList();
    }
  }

  async function findStory(queries: StoryQueries, id: string): Promise<StoryWithChapters> {
    const row = await queries.findAnyStory(id);
    if (!row) throw notFound(adminStoryMessages.notFound);
    return row;
  }

  const load = async (queries: StoryQueries, id: string): Promise<AdminStory> =>
    (await toAdminStories(queries, [await findStory(queries, id)]))[0]!;

  const listAll = async (queries: StoryQueries) =>
    toAdminStories(queries, await queries.listAllStories());

  /**
   * Puts the story at `position` (1-based; past the end means last) and the others in order
   * around it; the order lock must be held. Returns where it was and where it is, 1-based.
   */
  async function place(queries: StoryQueries, id: string, position: number) {
    const order = await queries.storyOrder();
    const from = order.findIndex((story) => story.id === id);
    if (from < 0) throw notFound(adminStoryMessages.notFound);
    const to = Math.min(position, order.length) - 1;
    if (to !== from) {
      await queries.setStoryOrder(
        movedInOrder(
          order.map((story) => story.id),
          from,
          to,
        ),
      );
    }
    return { story: order[from]!, from: from + 1, to: to + 1 };
  }

  /**
   * The working copy becomes the revision learners see: chapters removed from it are deleted now
   * (with learners' progress and bookmarks on them), and chapters without audio or a transcript
   * stay out of it.
   */
  async function publishWorkingCopy(queries: StoryQueries, id: string) {
    const removed = await queries.deleteRemovedChapters(id);
    await queries.renumberChapters(id);
    const story = await findStory(queries, id);
    const revision = buildRevision(story, new Date());
    await queries.saveRevision(id, revision);
    return {
      removed,
      published: revision.chapters.length,
      heldBack: story.chapters.length - revision.chapters.length,
    };
  }

  /**
   * Before a publish, with the story locked: refuses what the setting forbids or what was not
   * acknowledged, and returns what the audit entry records.
   */
  async function checkBeforePublishing(
    story: StoryWithChapters,
    action: PublishAction,
    body: PublishBody | undefined,
  ) {
    const [{ unreviewed }, policy] = await Promise.all([
      reviewStateOf(chaptersAfter(story, action)),
      unreviewedPolicy(),
    ]);
    assertPublishable(unreviewed, policy, body);
    return unreviewedAuditDetails(unreviewed, policy);
  }

  return {
    listStories: (): Promise<AdminStory[]> => listAll(stories),

    getStory: (id: string) => load(stories, id),

    /**
     * What the publish dialog lists before `action`: per chapter, what waits for a person, and
     * the chapters left out for want of audio or transcript.
     */
    async reviewState(id: string, action: PublishAction): Promise<ReviewState> {
      const story = await findStory(stories, id);
      const shown = chaptersAfter(story, action);
      const [state, policy] = await Promise.all([reviewStateOf(shown), unreviewedPolicy()]);
      return { action, policy, ...state, leftOut: chaptersLeftOut(story, shown) };
    },

    /**
     * A new draft; the slug comes from the title once and never changes. It goes last, or where
     * `position` asks, the stories from there on moving one place down (decision 023).
     */
    async createStory(input: ParsedStoryInput, actor: Actor): Promise<SavedStory> {
      const story = await change(async (queries, auditLog) => {
        await queries.lockStoryOrder();
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
        const last = (await queries.storyOrder()).length + 1;
        const row = await queries.insertStory({ ...storyValues(input), slug, position: last });
        await queries.insertChapters(row.id, chapters);
        const { to } = await place(queries, row.id, input.position ?? last);
        await auditLog.record({
          action: 'story_created',
          ...actor,
          details: { story_id: row.id, title: row.title, chapters: chapters.length, position: to },
        });
        return load(queries, row.id);
      });
      return startTextAlignments(input, story, actor);
    },

    /**
     * Story fields and chapters together, in the working copy. Chapters sent with an id are
     * updated in place (their learners' progress and bookmarks stay), new ones inserted; a
     * missing one is marked removed while learners still see it in the published revision (it
     * goes at the next publish), deleted otherwise.
     */
    async updateStory(id: string, input: ParsedStoryInput, actor: Actor): Promise<SavedStory> {
      await refuseTextsWhileAligning(input);
      const story = await change(async (queries, auditLog) => {
        // The wizard's position may move the story: the order is locked before any write.
        await queries.lockStoryOrder();
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
        await queries.renumberChapters(id);
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
        // Chapters kept from before, in their old and new order (new and dropped ones aside).
        const keptBefore = existing
          .filter((chapter) => chapter.removedAt === null && seen.has(chapter.id))
          .map((chapter) => chapter.id);
        const keptAfter = ids.filter(
          (chapterId): chapterId is string =>
            chapterId !== undefined && keptBefore.includes(chapterId),
        );
        if (keptAfter.some((chapterId, index) => chapterId !== keptBefore[index])) {
          const titleOf = new Map(existing.map((chapter) => [chapter.id, chapter.title]));
          await auditLog.record({
            action: 'chapters_reordered',
            ...actor,
            details: {
              story_id: id,
              title: input.title,
              from: keptBefore.map((chapterId) => titleOf.get(chapterId)),
              to: keptAfter.map((chapterId) => titleOf.get(chapterId)),
              chapter_ids: keptAfter,
            },
          });
        }
        if (input.position !== undefined) {
          const moved = await place(queries, id, input.position);
          if (moved.from !== moved.to) {
            await auditLog.record({
              action: 'story_moved',
              ...actor,
              details: {
                story_id: id,
                title: input.title,
                from_position: moved.from,
                to_position: moved.to,
                via: 'wizard',
              },
            });
          }
        }
        return load(queries, id);
      });
      return startTextAlignments(input, story, actor);
    },

    /**
     * published ⇄ draft. Publishing a story for the first time makes its first revision;
     * unpublishing keeps the revision, which learners see again when it is published again.
     * Publishing is refused when what learners would see is unreviewed and not acknowledged in
     * `body`, or is machine output the site setting forbids (decision 043).
     */
    toggleStatus(id: string, body: PublishBody | undefined, actor: Actor): Promise<AdminStory> {
      return change(async (queries, auditLog) => {
        if (!(await queries.lockStory(id))) throw notFound(adminStoryMessages.notFound);
        const before = await findStory(queries, id);
        const reviewed =
          before.status === 'draft'
            ? await checkBeforePublishing(before, 'publish', body)
            : undefined;
        const row = await queries.toggleStatus(id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        if (row.status === 'published' && !row.hasRevision) await publishWorkingCopy(queries, id);
        await auditLog.record({
          action: row.status === 'published' ? 'story_published' : 'story_unpublished',
          ...actor,
          details: { story_id: id, title: row.title, ...reviewed },
        });
        return load(queries, id);
      });
    },

    /**
     * "Publish changes": learners see the working copy as it is now (decision 021), under the
     * same check as publishing a draft.
     */
    publishChanges(id: string, body: PublishBody | undefined, actor: Actor): Promise<AdminStory> {
      return change(async (queries, auditLog) => {
        if (!(await queries.lockStory(id))) throw notFound(adminStoryMessages.notFound);
        const reviewed = await checkBeforePublishing(
          await findStory(queries, id),
          'publish-changes',
          body,
        );
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
            ...reviewed,
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

    /**
     * One place up or down, first or last (refused at the end it would leave), to a place (past
     * the end means last), or to another story's place, the stories between moving one place to
     * make room. Moves are serialised by the order lock, and the deferred unique constraint backs
     * that up (decision 023). Returns the whole list.
     */
    moveStory(id: string, move: StoryMove, actor: Actor): Promise<AdminStory[]> {
      return change(async (queries, auditLog) => {
        await queries.lockStoryOrder();
        const order = await queries.storyOrder();
        const index = order.findIndex((story) => story.id === id);
        if (index < 0) throw notFound(adminStoryMessages.notFound);
        const last = order.length - 1;
        let position: number;
        if ('direction' in move) {
          const { direction } = move;
          if ((direction === 'up' || direction === 'first') && index === 0) {
            throw badRequest(adminStoryMessages.alreadyFirst);
          }
          if ((direction === 'down' || direction === 'last') && index === last) {
            throw badRequest(adminStoryMessages.alreadyLast);
          }
          const steps = { up: index - 1, down: index + 1, first: 0, last };
          position = steps[direction] + 1;
        } else if ('target' in move) {
          const target = order.findIndex((story) => story.id === move.target);
          if (target < 0) throw notFound(adminStoryMessages.targetNotFound);
          position = target + 1;
        } else {
          position = move.position;
        }
        const { story, from, to } = await place(queries, id, position);
        if (from !== to) {
          await auditLog.record({
            action: 'story_moved',
            ...actor,
            details: {
              story_id: id,
              title: story.title,
              from_position: from,
              to_position: to,
              ...('direction' in move ? { direction: move.direction } : {}),
              ...('target' in move ? { target: move.target } : {}),
              // The arrows swap two neighbours.
              ...('direction' in move && Math.abs(to - from) === 1
                ? { swapped_with: order[to - 1]!.id }
                : {}),
            },
          });
        }
        return listAll(queries);
      });
    },

    /** The stories below move one place up: positions stay 1..n (decision 023). */
    deleteStory(id: string, actor: Actor): Promise<void> {
      return change(async (queries, auditLog) => {
        await queries.lockStoryOrder();
        const row = await queries.deleteStory(id);
        if (!row) throw notFound(adminStoryMessages.notFound);
        await queries.setStoryOrder((await queries.storyOrder()).map((story) => story.id));
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
