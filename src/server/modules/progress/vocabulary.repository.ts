import { eq, inArray, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { chapters, chapterVocabulary, userVocabularyProgress } from '../../db/schema.ts';

export const createVocabularyRepository = defineRepository((db) => ({
  /**
   * Each chapter's transcript key beside the lemmas kept for it (null when none are kept): the
   * lemmas are current only while their transcript key is the chapter's.
   */
  chapterLemmas(chapterIds: string[]) {
    if (chapterIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        chapterId: chapters.id,
        transcriptKey: chapters.transcriptFileId,
        cachedKey: chapterVocabulary.transcriptKey,
        lemmas: chapterVocabulary.lemmas,
      })
      .from(chapters)
      .leftJoin(chapterVocabulary, eq(chapterVocabulary.chapterId, chapters.id))
      .where(inArray(chapters.id, chapterIds));
  },

  async saveChapterLemmas(chapterId: string, transcriptKey: string, lemmas: string[]) {
    await db
      .insert(chapterVocabulary)
      .values({ chapterId, transcriptKey, lemmas })
      .onConflictDoUpdate({
        target: chapterVocabulary.chapterId,
        set: { transcriptKey, lemmas, computedAt: new Date() },
      });
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
