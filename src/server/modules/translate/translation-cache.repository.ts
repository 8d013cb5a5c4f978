import { eq } from 'drizzle-orm';
import type { TranslateResponse } from '#shared/contracts/translate';
import { defineRepository } from '../../db/repository.ts';
import { translationCache } from '../../db/schema.ts';

/** A translation as cached: its language is the cache key's target language. */
type Translation = Omit<TranslateResponse, 'language'>;

export interface CachedTranslation extends Translation {
  key: string;
  sourceLanguage: string;
  targetLanguage: string;
  text: string;
}

/** Translations from the dictionary and the providers, by a hash of languages and text. */
export const createTranslationCacheRepository = defineRepository((db) => ({
  async find(key: string): Promise<Translation | undefined> {
    const [row] = await db.select().from(translationCache).where(eq(translationCache.key, key));
    return row
      ? { translation: row.translation, source: row.source as TranslateResponse['source'] }
      : undefined;
  },

  /** The first translation stored under a key stays. */
  async remember(entry: CachedTranslation): Promise<void> {
    await db.insert(translationCache).values(entry).onConflictDoNothing();
  },
}));

export type TranslationCacheRepository = ReturnType<typeof createTranslationCacheRepository>;
