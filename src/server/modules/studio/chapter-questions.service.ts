import {
  comprehensionMessages as says,
  sameQuestions,
  type ChapterQuestion,
  type ChapterQuestionsResponse,
} from '#shared/contracts/comprehension';
import type { ErrorIssue } from '#shared/errors';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { AppError, conflict, notFound, validationError } from '../../lib/errors.ts';
import type { AdminStoriesRepository } from '../admin-stories/admin-stories.repository.ts';
import { publishedQuestions } from '../stories/published-revision.ts';
import type { StoryWithChapters } from '../stories/stories.repository.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { StudioRepository } from './studio.repository.ts';
import { studioMessages } from './studio-messages.ts';

/**
 * A chapter's comprehension questions (decision 069): read and replaced whole in the working copy,
 * like every other edit; learners get them with the story's next publish. A question may name the
 * transcript line that answers it, which must be one of the chapter's lines when it is saved.
 */
export function createChapterQuestionsService(deps: {
  studio: Pick<StudioRepository, 'findChapter' | 'in'>;
  /** The one writer of chapter rows (decision 058). */
  storyRows: Pick<AdminStoriesRepository, 'findAnyStory' | 'in'>;
  transcripts: TranscriptLoader;
  transaction: TransactionRunner;
  audit: AuditLog;
}) {
  const { studio, storyRows, transcripts, transaction, audit } = deps;

  /** What the studio shows: the working copy's questions and how they stand with learners. */
  function answerOf(story: StoryWithChapters, chapterId: string): ChapterQuestionsResponse {
    const chapter = story.chapters.find((candidate) => candidate.id === chapterId);
    if (!chapter || chapter.removedAt !== null) throw notFound(studioMessages.chapterNotFound);
    const learners =
      story.status === 'published'
        ? story.publishedRevision?.chapters.find((candidate) => candidate.id === chapterId)
        : undefined;
    return {
      questions: chapter.questions,
      published: learners !== undefined,
      unpublishedChanges:
        learners !== undefined && !sameQuestions(publishedQuestions(learners), chapter.questions),
    };
  }

  async function read(chapterId: string): Promise<ChapterQuestionsResponse> {
    const row = await studio.findChapter(chapterId);
    const story = row && (await storyRows.findAnyStory(row.storyId));
    if (!story) throw notFound(studioMessages.chapterNotFound);
    return answerOf(story, chapterId);
  }

  /** The ids of the transcript's lines; none when the chapter has no (readable) transcript. */
  async function lineIdsOf(transcriptFileId: string): Promise<Set<string>> {
    if (transcriptFileId === '') return new Set();
    try {
      const { transcript } = await transcripts.load(transcriptFileId);
      return new Set(transcript.segments.map((segment) => segment.id));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return new Set();
      throw error;
    }
  }

  /** Every question naming a line the transcript does not have, at its field. */
  function lineIssues(questions: readonly ChapterQuestion[], lines: Set<string>): ErrorIssue[] {
    return questions.flatMap((question, index) =>
      question.segmentId !== null && !lines.has(question.segmentId)
        ? [{ path: `/questions/${index}/segmentId`, message: says.lineNotInTranscript }]
        : [],
    );
  }

  return {
    get: read,

    /**
     * Replaces the working copy's questions (already checked by chapterQuestionsSchema). Refused,
     * each at its field, when a question names a line the chapter's transcript does not have.
     * Saving what is stored already writes nothing; any change is audited with it.
     */
    async save(
      chapterId: string,
      questions: ChapterQuestion[],
      actor: Actor,
    ): Promise<ChapterQuestionsResponse> {
      const row = await studio.findChapter(chapterId);
      if (!row) throw notFound(studioMessages.chapterNotFound);
      const namesLines = questions.some((question) => question.segmentId !== null);
      if (namesLines) {
        const issues = lineIssues(questions, await lineIdsOf(row.transcriptFileId));
        if (issues.length > 0) {
          throw validationError(issues[0]!.message, { context: 'body', issues });
        }
      }
      await transaction(async (tx) => {
        const locked = await studio.in(tx).lockChapter(chapterId);
        if (!locked) throw notFound(studioMessages.chapterNotFound);
        // The lines were checked against the transcript read above: it must still be the one.
        if (namesLines && locked.transcriptFileId !== row.transcriptFileId) {
          throw conflict(says.transcriptChanged);
        }
        const rows = storyRows.in(tx);
        const story = await rows.findAnyStory(locked.storyId);
        const before = story?.chapters.find((chapter) => chapter.id === chapterId)?.questions;
        if (before && sameQuestions(before, questions)) return;
        await rows.setChapterQuestions(chapterId, questions);
        await audit.in(tx).record({
          action: 'comprehension_questions_saved',
          userId: actor.userId,
          origin: actor.origin,
          details: {
            chapter_id: chapterId,
            story_id: locked.storyId,
            title: locked.title,
            questions: questions.length,
            questions_before: before?.length ?? 0,
          },
        });
      });
      return read(chapterId);
    },
  };
}

export type ChapterQuestionsService = ReturnType<typeof createChapterQuestionsService>;
