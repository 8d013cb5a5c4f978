import type { ChapterProgress, SaveProgressBody } from '#shared/contracts/progress';
import { correctClientTime, nextProgress } from '#shared/player/progress-rules';
import type { Database } from '../../db/client.ts';
import { validationError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toChapter, toStorySummary } from '../stories/stories.mapper.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { awardAchievements, earnedAchievements } from './achievements.ts';
import type { ProgressEvents } from './progress-events.ts';
import * as repository from './progress.repository.ts';
import type { VocabularyService } from './vocabulary.service.ts';

export const RECENT_CHAPTERS = 3;

/** A measured duration may differ from the stored one by this much (encoders, rounding). */
const durationTolerance = (stored: number) => Math.max(3, stored * 0.05);

export const toChapterProgress = (row: repository.ProgressRow): ChapterProgress => ({
  chapterId: row.chapterId,
  progressPercentage: row.progressPercentage,
  completed: row.completed,
  lastPositionSeconds: row.lastPositionSeconds,
  lastAccessedAt: row.lastAccessedAt?.toISOString() ?? null,
  savedAt: row.clientUpdatedAt?.toISOString() ?? null,
});

export function createProgressService(deps: {
  db: Database;
  stories: StoriesService;
  vocabulary: VocabularyService;
  events: ProgressEvents;
}) {
  const { db, stories, vocabulary, events } = deps;

  return {
    /** The spec's update_chapter_progress: newest save wins, completion is sticky. */
    async save(
      viewer: Viewer & { userId: string },
      body: SaveProgressBody,
      receivedAt = Date.now(),
    ) {
      const { chapter } = await stories.getChapter(viewer, body.chapterId);
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
      const state = nextProgress(undefined, body.positionSeconds, body.durationSeconds);

      const result = await repository.upsertIfNewer(
        db,
        viewer.userId,
        body.chapterId,
        state,
        savedAt,
      );
      if (!result) {
        const current = await repository.findProgress(db, viewer.userId, body.chapterId);
        return { applied: false, progress: toChapterProgress(current!), newAchievements: [] };
      }
      const progress = toChapterProgress(result.row);
      await events.publish(viewer.userId, { progress, deviceId: body.deviceId ?? null });

      let newAchievements: string[] = [];
      if (result.row.completed && !result.wasCompleted) {
        const learned = await vocabulary.recompute(viewer.userId);
        newAchievements = await awardAchievements(
          db,
          viewer.userId,
          earnedAchievements({ ...learned.facts, wordsLearned: learned.totalWordsLearned }),
        );
      }
      return { applied: true, progress, newAchievements };
    },

    async list(userId: string, chapterIds?: string[]) {
      return (await repository.listProgress(db, userId, chapterIds)).map(toChapterProgress);
    },

    async recent(userId: string) {
      const rows = await repository.listRecent(db, userId, RECENT_CHAPTERS);
      return rows.map(({ progress, chapter, story }) => ({
        ...toChapter(chapter),
        story: toStorySummary(story),
        progressPercentage: progress.progressPercentage,
        lastPositionSeconds: progress.lastPositionSeconds,
        lastAccessedAt: progress.lastAccessedAt!.toISOString(),
        completed: progress.completed,
      }));
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
