import { chapterMissingPart } from '#shared/contracts/admin-stories';
import type {
  ChapterLeftOut,
  ChapterReviewState,
  PublishAction,
  PublishBody,
  UnreviewedCounts,
  UnreviewedPolicy,
} from '#shared/contracts/publishing';
import { publishingMessages } from '#shared/contracts/publishing';
import { unreviewedCounts } from '#shared/studio/review-state';
import {
  addCounts,
  isAcknowledged,
  isPublishForbidden,
  NOTHING_UNREVIEWED,
} from '#shared/studio/unreviewed-counts';
import type { PublishedChapter } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import { buildRevision } from '../stories/published-revision.ts';
import type { StoryWithChapters } from '../stories/stories.repository.ts';

/**
 * The chapters learners would see after the action: "Publish changes" shows the working copy;
 * publishing a draft shows its revision when it had one (it was published before), else the
 * working copy (decision 021).
 */
export function chaptersAfter(story: StoryWithChapters, action: PublishAction): PublishedChapter[] {
  if (action === 'publish' && story.publishedRevision) return story.publishedRevision.chapters;
  return buildRevision(story, new Date()).chapters;
}

/**
 * The working copy's chapters that learners will not see after the action because they cannot
 * play yet, and what each lacks (decision 063): the publish dialog names them, so that no chapter
 * the dashboard lists is missing for learners unannounced. `shown` is chaptersAfter's answer.
 */
export function chaptersLeftOut(
  story: StoryWithChapters,
  shown: readonly PublishedChapter[],
): ChapterLeftOut[] {
  const shownIds = new Set(shown.map((chapter) => chapter.id));
  return story.chapters
    .filter((chapter) => chapter.removedAt === null)
    .sort((a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime())
    .flatMap((chapter, index) => {
      const missing = chapterMissingPart(chapter);
      return missing && !shownIds.has(chapter.id)
        ? [{ id: chapter.id, title: chapter.title, position: index + 1, missing }]
        : [];
    });
}

/** What of those chapters no person has reviewed, read from their transcripts (decision 043). */
export function createReviewStateReader({ transcripts }: { transcripts: TranscriptLoader }) {
  async function chapterState(
    chapter: PublishedChapter,
    index: number,
  ): Promise<ChapterReviewState> {
    const base = { id: chapter.id, title: chapter.title, position: index + 1 };
    try {
      const { transcript } = await transcripts.load(chapter.transcriptFileId);
      return { ...base, readable: true, unreviewed: unreviewedCounts(transcript) };
    } catch (error) {
      // A transcript that is gone or unreadable has nothing to review (learners get none either).
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        return { ...base, readable: false, unreviewed: NOTHING_UNREVIEWED };
      }
      throw error;
    }
  }

  return async function reviewStateOf(chapters: readonly PublishedChapter[]) {
    const states = await Promise.all(chapters.map(chapterState));
    return {
      chapters: states,
      unreviewed: states.reduce((sum, state) => addCounts(sum, state.unreviewed), {
        ...NOTHING_UNREVIEWED,
      }),
    };
  };
}

export type ReviewStateReader = ReturnType<typeof createReviewStateReader>;

/**
 * The server's rule for every publish (decision 043): machine output the site setting forbids is
 * refused; anything unreviewed must be acknowledged, at least as much as there is now. Refusals
 * are 409 with the counts, so a client can show them.
 */
export function assertPublishable(
  unreviewed: UnreviewedCounts,
  policy: UnreviewedPolicy,
  body: PublishBody | undefined,
): void {
  if (isPublishForbidden(policy, unreviewed)) {
    throw conflict(publishingMessages.reviewRequired, {
      hint: publishingMessages.reviewRequiredHint,
      unreviewed,
    });
  }
  const acknowledged = body?.acknowledgeUnreviewed;
  if (!isAcknowledged(unreviewed, acknowledged)) {
    throw acknowledged
      ? conflict(publishingMessages.changedSinceConfirmation, {
          hint: publishingMessages.changedSinceConfirmationHint,
          unreviewed,
        })
      : conflict(publishingMessages.confirmationNeeded, {
          hint: publishingMessages.confirmationNeededHint,
          unreviewed,
        });
  }
}

/** The audit entry's account of what was unreviewed when the story was published. */
export const unreviewedAuditDetails = (unreviewed: UnreviewedCounts, policy: UnreviewedPolicy) => ({
  unreviewed_machine_translations: unreviewed.machineTranslations,
  unreviewed_missing_translations: unreviewed.missingTranslations,
  unreviewed_machine_glosses: unreviewed.machineGlosses,
  unreviewed_missing_glosses: unreviewed.missingGlosses,
  unreviewed_doubtful_timings: unreviewed.doubtfulTimings,
  unreviewed_policy: policy,
});
