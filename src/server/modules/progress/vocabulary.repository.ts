import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import {
  chapters,
  chapterVocabulary,
  reviewLogs,
  savedItems,
  stories,
  userVocabularyProgress,
} from '../../db/schema.ts';
import { publishedTranscriptKey } from '../stories/stories.repository.ts';
import type { ChapterWordCounts } from './known-words.ts';

export const createVocabularyRepository = defineRepository((db) => ({
  /**
   * Each chapter's transcript key (the one learners hear: its published revision's) beside the
   * words counted for it (lemmas null when none are kept): they are current only while their
   * transcript key is the chapter's.
   */
  chapterLemmas(chapterIds: string[]) {
    if (chapterIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        chapterId: chapters.id,
        transcriptKey: publishedTranscriptKey,
        cachedKey: chapterVocabulary.transcriptKey,
        lemmas: chapterVocabulary.lemmas,
        lemmaCounts: chapterVocabulary.lemmaCounts,
        runningWords: chapterVocabulary.runningWords,
        freeWords: chapterVocabulary.freeWords,
      })
      .from(chapters)
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .leftJoin(chapterVocabulary, eq(chapterVocabulary.chapterId, chapters.id))
      .where(inArray(chapters.id, chapterIds));
  },

  async saveChapterWords(chapterId: string, transcriptKey: string, words: ChapterWordCounts) {
    const counted = {
      lemmas: words.lemmas,
      lemmaCounts: words.counts,
      runningWords: words.runningWords,
      freeWords: words.freeWords,
    };
    await db
      .insert(chapterVocabulary)
      .values({ chapterId, transcriptKey, ...counted })
      .onConflictDoUpdate({
        target: chapterVocabulary.chapterId,
        set: { transcriptKey, ...counted, computedAt: new Date() },
      });
  },

  /**
   * The saved words (as saved: the transcript's word without punctuation) whose last review was
   * rated `minRating` or higher. The last review is the newest answer that moved the card.
   */
  async wordsLastRatedAtLeast(userId: string, minRating: number): Promise<string[]> {
    const lastReviews = db
      .selectDistinctOn([reviewLogs.itemId], { text: savedItems.text, rating: reviewLogs.rating })
      .from(reviewLogs)
      .innerJoin(savedItems, eq(savedItems.id, reviewLogs.itemId))
      .where(
        and(
          eq(reviewLogs.userId, userId),
          eq(reviewLogs.applied, true),
          eq(savedItems.kind, 'word'),
        ),
      )
      .orderBy(reviewLogs.itemId, desc(reviewLogs.reviewedAt), desc(reviewLogs.receivedAt))
      .as('last_reviews');
    const rows = await db
      .select({ text: lastReviews.text })
      .from(lastReviews)
      .where(gte(lastReviews.rating, minRating));
    return rows.map((row) => row.text);
  },

  async saveLearnerTotals(
    userId: string,
    totals: { totalWordsLearned: number; storiesCompleted: number },
  ) {
    await db
      .insert(userVocabularyProgress)
      .values({ userId, ...totals })
      .onConflictDoUpdate({
        target: userVocabularyProgress.userId,
        set: { ...totals, updatedAt: sql`now()` },
      });
  },

  async findLearnerTotals(userId: string) {
    const [row] = await db
      .select()
      .from(userVocabularyProgress)
      .where(eq(userVocabularyProgress.userId, userId));
    return row;
  },
}));

export type VocabularyRepository = ReturnType<typeof createVocabularyRepository>;
