import { eq } from 'drizzle-orm';
import { isTranslationService, type TranslationServiceName } from '#shared/translation-services';
import { defineRepository } from '../../db/repository.ts';
import { translationCache } from '../../db/schema.ts';

/**
 * A translation as cached: its language is the cache key's target language. A service's answer
 * (source 'api') names the service that gave it.
 */
export type CachedAnswer =
  | { translation: string; source: 'dictionary' }
  | { translation: string; source: 'api'; provider?: TranslationServiceName };

export type CachedTranslation = CachedAnswer & {
  key: string;
  sourceLanguage: string;
  targetLanguage: string;
  text: string;
};

/**
 * The `source` column holds 'dictionary' or the name of the service that answered ('apertium',
 * 'libretranslate', 'deepl'; decision 044); rows written before that say 'api' and name none.
 */
function answerOf(row: { translation: string; source: string }): CachedAnswer {
  if (row.source === 'dictionary') return { translation: row.translation, source: 'dictionary' };
  return isTranslationService(row.source)
    ? { translation: row.translation, source: 'api', provider: row.source }
    : { translation: row.translation, source: 'api' };
}

/** Translations from the dictionary and the providers, by a hash of languages and text. */
export const createTranslationCacheRepository = defineRepository((db) => ({
  async find(key: string): Promise<CachedAnswer | undefined> {
    const [row] = await db.select().from(translationCache).where(eq(translationCache.key, key));
    return row ? answerOf(row) : undefined;
  },

  /** The first translation stored under a key stays. */
  async remember(entry: CachedTranslation): Promise<void> {
    const source = entry.source === 'api' && entry.provider ? entry.provider : entry.source;
    await db
      .insert(translationCache)
      .values({
        key: entry.key,
        sourceLanguage: entry.sourceLanguage,
        targetLanguage: entry.targetLanguage,
        text: entry.text,
        translation: entry.translation,
        source,
      })
      .onConflictDoNothing();
  },
}));

export type TranslationCacheRepository = ReturnType<typeof createTranslationCacheRepository>;
