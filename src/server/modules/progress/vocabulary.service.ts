import { eq, inArray, sql } from 'drizzle-orm';
import { averageWordsPerStory } from '#shared/contracts/progress';
import type { Transcript } from '#shared/transcript';
import type { Database } from '../../db/client.ts';
import { chapters, chapterVocabulary, userVocabularyProgress } from '../../db/schema.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import { completedChapterIds, listeningFacts } from './progress.repository.ts';

/** The lemma of a word when it is one of the top-2,000 words, otherwise null. */
export type LemmaOf = (word: string) => string | null;

/**
 * Words learned (docs/decisions/009): the distinct top-2,000 lemmas heard in completed chapters.
 * Each chapter's lemmas are computed once per transcript file and kept in chapter_vocabulary.
 */
export function createVocabularyService(
  db: Database,
  transcripts: TranscriptLoader,
  lemmaOf: LemmaOf,
) {
  const lemmasOf = (transcript: Transcript) => {
    const byWordId = new Map<string, string>();
    for (const segment of transcript.segments) {
      for (const word of segment.words) {
        const lemma = lemmaOf(word.text);
        if (lemma) byWordId.set(word.id, lemma);
      }
    }
    return byWordId;
  };

  /** Makes sure chapter_vocabulary holds this chapter's lemmas for its current transcript. */
  async function ensureChapterLemmas(chapterId: string): Promise<string[]> {
    const [chapter] = await db
      .select({ transcriptKey: chapters.transcriptFileId, cached: chapterVocabulary })
      .from(chapters)
      .leftJoin(chapterVocabulary, eq(chapterVocabulary.chapterId, chapters.id))
      .where(eq(chapters.id, chapterId));
    if (!chapter || chapter.transcriptKey === '') return [];
    if (chapter.cached && chapter.cached.transcriptKey === chapter.transcriptKey)
      return chapter.cached.lemmas;
    let lemmas: string[] = [];
    try {
      const { transcript } = await transcripts.load(chapter.transcriptKey);
      lemmas = [...new Set(lemmasOf(transcript).values())].sort();
    } catch {
      // A missing or invalid transcript teaches no words; it is not an error for progress.
    }
    await db
      .insert(chapterVocabulary)
      .values({ chapterId, transcriptKey: chapter.transcriptKey, lemmas })
      .onConflictDoUpdate({
        target: chapterVocabulary.chapterId,
        set: { transcriptKey: chapter.transcriptKey, lemmas, computedAt: new Date() },
      });
    return lemmas;
  }

  async function heardLemmas(userId: string): Promise<Set<string>> {
    const completed = await completedChapterIds(db, userId);
    if (completed.length === 0) return new Set();
    // One read for every completed chapter; only chapters never computed (or whose transcript
    // changed since) are computed now.
    const rows = await db
      .select({
        chapterId: chapters.id,
        transcriptKey: chapters.transcriptFileId,
        cachedKey: chapterVocabulary.transcriptKey,
        lemmas: chapterVocabulary.lemmas,
      })
      .from(chapters)
      .leftJoin(chapterVocabulary, eq(chapterVocabulary.chapterId, chapters.id))
      .where(inArray(chapters.id, completed));
    const lists = await Promise.all(
      rows.map((row) =>
        row.lemmas && row.cachedKey === row.transcriptKey
          ? row.lemmas
          : ensureChapterLemmas(row.chapterId),
      ),
    );
    return new Set(lists.flat());
  }

  return {
    /**
     * Recomputes user_vocabulary_progress after a chapter is completed; returns the listening
     * facts it read too, which decide the achievements.
     */
    async recompute(userId: string) {
      const heard = await heardLemmas(userId);
      const facts = await listeningFacts(db, userId);
      const values = { totalWordsLearned: heard.size, storiesCompleted: facts.completedStories };
      await db
        .insert(userVocabularyProgress)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: userVocabularyProgress.userId,
          set: { ...values, updatedAt: sql`now()` },
        });
      return { ...values, facts };
    },

    async get(userId: string) {
      const [row] = await db
        .select()
        .from(userVocabularyProgress)
        .where(eq(userVocabularyProgress.userId, userId));
      const totalWordsLearned = row?.totalWordsLearned ?? 0;
      const storiesCompleted = row?.storiesCompleted ?? 0;
      return {
        totalWordsLearned,
        storiesCompleted,
        averageWordsPerStory: averageWordsPerStory(totalWordsLearned, storiesCompleted),
      };
    },

    /** Which words of a chapter are new to the learner, and how much of it they already know. */
    async chapterKnowledge(userId: string, transcript: Transcript) {
      const heard = await heardLemmas(userId);
      const byWordId = lemmasOf(transcript);
      const newWordIds: string[] = [];
      let known = 0;
      for (const [wordId, lemma] of byWordId) {
        if (heard.has(lemma)) known++;
        else newWordIds.push(wordId);
      }
      const knownPercentage = byWordId.size === 0 ? 0 : Math.round((known / byWordId.size) * 100);
      return { knownPercentage, newWordIds };
    },
  };
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
