import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { MemoryGloss, MemorySentence } from '#shared/studio/translation-memory';
import { defineRepository } from '../../db/repository.ts';
import {
  chapters,
  translationMemoryChapters,
  translationMemoryGlosses,
  translationMemorySentences,
} from '../../db/schema.ts';

/** Rows inserted per statement (PostgreSQL takes at most 65,535 parameters). */
const INSERT_BATCH = 1000;

export interface StoredSentence {
  key: string;
  text: string;
  slots: string[];
  translation: string;
}

/** An approved gloss of a form or lemma, with its uses across the site. */
export interface StoredGloss {
  /** The form or the lemma it was asked for. */
  word: string;
  gloss: string;
  uses: number;
}

/** The translation memory (decision 045): the only SQL on its tables. */
export const createTranslationMemoryRepository = defineRepository((db) => {
  /** Chapters that count: still in the working copy of their story. */
  const activeChapter = and(
    eq(chapters.id, translationMemoryChapters.chapterId),
    isNull(chapters.removedAt),
  );

  async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
    for (let first = 0; first < rows.length; first += INSERT_BATCH) {
      await insert(rows.slice(first, first + INSERT_BATCH));
    }
  }

  return {
    /** The chapter's transcript key, its row locked until the transaction ends; null: no chapter. */
    async lockChapterTranscript(chapterId: string): Promise<string | null> {
      const [row] = await db
        .select({ transcriptFileId: chapters.transcriptFileId })
        .from(chapters)
        .where(eq(chapters.id, chapterId))
        .for('update');
      return row?.transcriptFileId ?? null;
    },

    /** Chapters whose transcript the memory has not read (new, changed, or gone). */
    async staleChapters(): Promise<{ chapterId: string; transcriptFileId: string }[]> {
      return db
        .select({ chapterId: chapters.id, transcriptFileId: chapters.transcriptFileId })
        .from(chapters)
        .leftJoin(translationMemoryChapters, eq(translationMemoryChapters.chapterId, chapters.id))
        .where(
          ne(
            chapters.transcriptFileId,
            sql`coalesce(${translationMemoryChapters.transcriptFileId}, '')`,
          ),
        );
    },

    /** The chapter's entries become these, read from that transcript. */
    async replaceChapter(
      chapterId: string,
      transcriptFileId: string,
      entries: { sentences: MemorySentence[]; glosses: MemoryGloss[] },
    ): Promise<void> {
      await db
        .insert(translationMemoryChapters)
        .values({ chapterId, transcriptFileId })
        .onConflictDoUpdate({
          target: translationMemoryChapters.chapterId,
          set: { transcriptFileId, indexedAt: sql`now()` },
        });
      await db
        .delete(translationMemorySentences)
        .where(eq(translationMemorySentences.chapterId, chapterId));
      await db
        .delete(translationMemoryGlosses)
        .where(eq(translationMemoryGlosses.chapterId, chapterId));
      await insertInBatches(entries.sentences, (batch) =>
        db.insert(translationMemorySentences).values(
          batch.map(({ key, text, slots, translation }) => ({
            chapterId,
            key,
            text,
            slots,
            translation,
          })),
        ),
      );
      await insertInBatches(entries.glosses, (batch) =>
        db.insert(translationMemoryGlosses).values(batch.map((gloss) => ({ chapterId, ...gloss }))),
      );
    },

    /** Approved translations of sentences with these keys, the most recently saved first. */
    async findSentences(keys: string[]): Promise<StoredSentence[]> {
      if (keys.length === 0) return [];
      return db
        .select({
          key: translationMemorySentences.key,
          text: translationMemorySentences.text,
          slots: translationMemorySentences.slots,
          translation: translationMemorySentences.translation,
        })
        .from(translationMemorySentences)
        .innerJoin(
          translationMemoryChapters,
          eq(translationMemoryChapters.chapterId, translationMemorySentences.chapterId),
        )
        .innerJoin(chapters, activeChapter)
        .where(inArray(translationMemorySentences.key, keys))
        .orderBy(desc(translationMemoryChapters.indexedAt), translationMemorySentences.id);
    },

    /**
     * Approved glosses of these word forms (or lemmas), each with its uses across the site; for
     * each word the most used first, then the most recently saved.
     */
    async findGlosses(by: 'form' | 'lemma', words: string[]): Promise<StoredGloss[]> {
      if (words.length === 0) return [];
      const column = translationMemoryGlosses[by];
      const uses = sql<number>`sum(${translationMemoryGlosses.occurrences})::int`;
      const latest = sql`max(${translationMemoryChapters.indexedAt})`;
      const rows = await db
        .select({ word: column, gloss: translationMemoryGlosses.gloss, uses })
        .from(translationMemoryGlosses)
        .innerJoin(
          translationMemoryChapters,
          eq(translationMemoryChapters.chapterId, translationMemoryGlosses.chapterId),
        )
        .innerJoin(chapters, activeChapter)
        .where(inArray(column, words))
        .groupBy(column, translationMemoryGlosses.gloss)
        .orderBy(column, desc(uses), desc(latest), translationMemoryGlosses.gloss);
      return rows.map((row) => ({ word: row.word ?? '', gloss: row.gloss, uses: row.uses }));
    },
  };
});

export type TranslationMemoryRepository = ReturnType<typeof createTranslationMemoryRepository>;
