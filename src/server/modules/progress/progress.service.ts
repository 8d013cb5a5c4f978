import { earnedAchievements, earnedByTimeListened } from '#shared/achievements';
import type {
  ChapterProgress,
  ProgressEvent,
  ReportListeningBody,
  SaveProgressBody,
} from '#shared/contracts/progress';
import { correctClientTime, progressAt } from '#shared/player/progress-rules';
import { messages } from '#shared/messages';
import { notFound, validationError } from '../../lib/errors.ts';
import type { SignedInViewer } from '../../lib/viewer.ts';
import { publishedView, type ChapterView } from '../stories/published-revision.ts';
import { toChapter, toStorySummary } from '../stories/stories.mapper.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { AchievementsRepository } from './achievements.repository.ts';
import type { ListeningRepository } from './listening.repository.ts';
import type { ProgressEvents } from './progress-events.ts';
import type { ProgressRepository, ProgressRow } from './progress.repository.ts';
import type { VocabularyService } from './vocabulary.service.ts';

export const RECENT_CHAPTERS = 3;

/** A measured duration may differ from the stored one by this much (encoders, rounding). */
const durationTolerance = (stored: number) => Math.max(3, stored * 0.05);

export const toChapterProgress = (row: ProgressRow): ChapterProgress => ({
  chapterId: row.chapterId,
  progressPercentage: row.progressPercentage,
  completed: row.completed,
  lastPositionSeconds: row.lastPositionSeconds,
  lastAccessedAt: row.lastAccessedAt?.toISOString() ?? null,
  savedAt: row.clientUpdatedAt?.toISOString() ?? null,
});

export function createProgressService(deps: {
  progress: ProgressRepository;
  achievements: AchievementsRepository;
  stories: StoriesService;
  vocabulary: VocabularyService;
  events: ProgressEvents;
  listening: ListeningRepository;
}) {
  const { progress, achievements, stories, vocabulary, events, listening } = deps;

  /** The chapter as learners see it (its published revision), from the instance's library. */
  async function publishedChapter(chapterId: string): Promise<ChapterView> {
    const found = await stories.publishedChapter(chapterId);
    if (!found) throw notFound(messages.stories.chapterNotFound);
    return found.chapter;
  }

  /** Achievements a newly completed chapter earns, awarded once each. */
  async function awardAfterCompletion(userId: string) {
    const [learned, listenedSeconds] = await Promise.all([
      vocabulary.recompute(userId),
      listening.totalSeconds(userId),
    ]);
    return achievements.award(
      userId,
      earnedAchievements({
        ...learned.facts,
        wordsLearned: learned.totalWordsLearned,
        listenedSeconds,
      }),
    );
  }

  return {
    /**
     * The spec's update_chapter_progress: the save is checked against the chapter, its time is
     * corrected to server time, and the repository stores it when it is the newest.
     */
    async save(viewer: SignedInViewer, body: SaveProgressBody, receivedAt = Date.now()) {
      const chapter = await publishedChapter(body.chapterId);
      if (
        chapter.duration !== null &&
        Math.abs(body.durationSeconds - chapter.duration) > durationTolerance(chapter.duration)
      ) {
        throw validationError("The duration does not match this chapter's audio", {
          expectedSeconds: chapter.duration,
        });
      }
      if (body.positionSeconds > body.durationSeconds + 1) {
        throw validationError('The position is beyond the end of the chapter');
      }
      const corrected = correctClientTime(body.clientTimestamp, body.sentAt, receivedAt);
      // A save can never claim to come from the future (a clock error the offset could not fix).
      const savedAt = new Date(Math.min(corrected.getTime(), receivedAt));
      const state = progressAt(body.positionSeconds, body.durationSeconds);

      const result = await progress.upsertIfNewer(viewer.userId, body.chapterId, state, savedAt);
      if (!result) {
        const current = await progress.find(viewer.userId, body.chapterId);
        return { applied: false, progress: toChapterProgress(current!), newAchievements: [] };
      }
      const saved = toChapterProgress(result.row);
      await events.publish(viewer.userId, { progress: saved, deviceId: body.deviceId ?? null });
      const newAchievements =
        result.row.completed && !result.wasCompleted
          ? await awardAfterCompletion(viewer.userId)
          : [];
      return { applied: true, progress: saved, newAchievements };
    },

    /**
     * A listening session's running total (decision 033): the largest report is kept, so a
     * retried, late or repeated one never counts twice. The hour listened is awarded here, from
     * the same total as Listening Minutes, as soon as it is reached (decision 009). Awarding is
     * idempotent, so it is asked on every report past the hour: a concurrent report from another
     * device that read a smaller total cannot make it missed.
     */
    async reportListening(viewer: SignedInViewer, body: ReportListeningBody) {
      await publishedChapter(body.chapterId);
      const { sessionSeconds, totalSeconds } = await listening.record(
        viewer.userId,
        body.sessionId,
        body.chapterId,
        body.listenedSeconds,
      );
      const earned = earnedByTimeListened(totalSeconds);
      const newAchievements =
        earned.length > 0 ? await achievements.award(viewer.userId, earned) : [];
      return { listenedSeconds: sessionSeconds, newAchievements };
    },

    async list(userId: string, chapterIds?: string[]) {
      return (await progress.list(userId, chapterIds)).map(toChapterProgress);
    },

    async recent(userId: string) {
      const rows = await progress.listRecent(userId, RECENT_CHAPTERS);
      return rows.flatMap(({ progress: row, chapter: chapterRow, story: storyRow }) => {
        // As learners see them: the titles and lengths of the published revision.
        const story = publishedView({ ...storyRow, chapters: [chapterRow] });
        const chapter = story?.chapters[0];
        if (!story || !chapter) return [];
        return [
          {
            ...toChapter(chapter),
            story: toStorySummary(story),
            progressPercentage: row.progressPercentage,
            lastPositionSeconds: row.lastPositionSeconds,
            lastAccessedAt: row.lastAccessedAt!.toISOString(),
            completed: row.completed,
          },
        ];
      });
    },

    /** Hands the learner's saves from every page and device to `listener`; returns the stop. */
    follow: (userId: string, listener: (event: ProgressEvent) => void) =>
      events.subscribe(userId, listener),
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
