import {
  adaptTranslation,
  approvedEntries,
  memoryForm,
  sentenceMemoryKeys,
} from '#shared/studio/translation-memory';
import { segmentReadings } from '#shared/studio/segment-readings';
import type { Transcript } from '#shared/transcript';
import type { DbExecutor } from '../../db/client.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import { AppError, StorageUnreachableError } from '../../lib/errors.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type {
  StoredSentence,
  TranslationMemoryRepository,
} from './translation-memory.repository.ts';

/** What the memory offers for one transcript's missing translations and glosses. */
export interface MemoryOffers {
  /** An approved translation of this sentence (or of one differing only in names and numbers). */
  translationOf(text: string): string | null;
  /** Approved glosses of this word as written, the most used first; [] when none. */
  glossesOf(word: string): string[];
  /** Approved glosses of any form of this lemma, the most used first; [] when none. */
  glossesOfLemma(lemma: string): string[];
}

const missing = (text: string | undefined) => text === undefined || text.trim() === '';

/**
 * Of the stored translations with one of the sentence's keys (the likeliest key first), the one of
 * the same sentence word for word (nothing to substitute), else the most recent that fits its
 * names and numbers.
 */
function fittingTranslation(text: string, stored: StoredSentence[]): string | null {
  for (const key of sentenceMemoryKeys(text)) {
    const candidates = stored.filter((entry) => entry.key === key.key);
    const same = candidates.find((entry) => entry.text === text.trim());
    if (same) return same.translation;
    for (const entry of candidates) {
      const adapted = adaptTranslation(entry.translation, entry.slots, key.slots);
      if (adapted !== null) return adapted;
    }
  }
  return null;
}

/**
 * The site's translation memory (decision 045): every chapter's approved translations and glosses,
 * kept in PostgreSQL beside the chapter. A transcript version's save records its chapter in the
 * same transaction; `catchUp` reads the chapters whose transcript got there another way (the demo
 * library, content from before the memory existed, an upload associated by the files screen).
 * Every instance reads and writes the same rows; nothing is kept in the process.
 */
export function createTranslationMemory(deps: {
  memory: TranslationMemoryRepository;
  transcripts: TranscriptLoader;
  transaction: TransactionRunner;
  log: { warn(details: object, message: string): void };
}) {
  const { memory, transcripts, transaction, log } = deps;

  /**
   * A stored transcript, or null when it cannot be read as one (it adds nothing, for good). A
   * storage that cannot be reached now is no verdict on the file: that throws, and the chapter is
   * read another time.
   */
  async function readable(fileKey: string): Promise<Transcript | null> {
    try {
      return (await transcripts.load(fileKey)).transcript;
    } catch (error) {
      if (error instanceof AppError && !(error instanceof StorageUnreachableError)) return null;
      throw error;
    }
  }

  return {
    /** The chapter's entries from the transcript being saved, in the save's transaction. */
    async record(tx: DbExecutor, chapterId: string, fileKey: string, transcript: Transcript) {
      await memory.in(tx).replaceChapter(chapterId, fileKey, approvedEntries(transcript));
    },

    /**
     * Reads every chapter whose current transcript the memory has not read yet. Idempotent and
     * safe on several instances at once: each chapter is written under its row's lock, only if
     * its transcript is still the one read. A transcript that cannot be fetched now is left for
     * the next time (and logged).
     */
    async catchUp(): Promise<void> {
      for (const stale of await memory.staleChapters()) {
        let transcript: Transcript | null = null;
        if (stale.transcriptFileId !== '') {
          try {
            transcript = await readable(stale.transcriptFileId);
          } catch (error) {
            log.warn(
              { err: error, chapterId: stale.chapterId },
              'translation memory: a transcript could not be read now',
            );
            continue;
          }
        }
        await transaction(async (tx) => {
          const repository = memory.in(tx);
          if ((await repository.lockChapterTranscript(stale.chapterId)) !== stale.transcriptFileId)
            return;
          await repository.replaceChapter(
            stale.chapterId,
            stale.transcriptFileId,
            transcript ? approvedEntries(transcript) : { sentences: [], glosses: [] },
          );
        });
      }
    },

    /** What the memory has for the sentences and words the transcript lacks. */
    async offersFor(transcript: Transcript): Promise<MemoryOffers> {
      const keys = new Set<string>();
      const forms = new Set<string>();
      const lemmas = new Set<string>();
      for (const segment of transcript.segments) {
        if (missing(segment.translation)) {
          for (const { key } of sentenceMemoryKeys(segment.text)) keys.add(key);
        }
        const readings = segmentReadings(segment);
        segment.words.forEach((word, index) => {
          if (!missing(word.gloss)) return;
          forms.add(memoryForm(word.text));
          const lemma = readings[index]?.lemma;
          if (lemma) lemmas.add(lemma);
        });
      }
      const [sentences, glosses, lemmaGlosses] = await Promise.all([
        memory.findSentences([...keys]),
        memory.findGlosses('form', [...forms]),
        memory.findGlosses('lemma', [...lemmas]),
      ]);
      const byWord = (rows: typeof glosses) => {
        const map = new Map<string, string[]>();
        for (const { word, gloss } of rows) {
          const list = map.get(word);
          if (list) list.push(gloss);
          else map.set(word, [gloss]);
        }
        return map;
      };
      const glossesByForm = byWord(glosses);
      const glossesByLemma = byWord(lemmaGlosses);
      return {
        translationOf: (text) => fittingTranslation(text, sentences),
        glossesOf: (word) => glossesByForm.get(memoryForm(word)) ?? [],
        glossesOfLemma: (lemma) => glossesByLemma.get(lemma) ?? [],
      };
    },
  };
}

export type TranslationMemory = ReturnType<typeof createTranslationMemory>;
