import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TranslateResponse } from '#shared/contracts/translate';
import { glossText, lookupWord } from '#shared/lexicon/index';
import { sanitizeText } from '#shared/sanitize';
import type { Database } from '../../db/client.ts';
import { translationCache } from '../../db/schema.ts';
import { serviceUnavailable, validationError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { TranslationProvider } from './providers.ts';

export interface TranslateInput {
  text: string;
  sourceLanguage: string;
  targetLanguage: string;
  chapterId?: string;
  segmentId?: string;
  wordId?: string;
}

export const translateMessages = {
  empty: 'There is no text to translate',
  noProvider: (language: string) =>
    `Translations into ${language} need a translation service, and none is configured here`,
  providerFailed: 'The translation service did not answer',
} as const;

const languageNames: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
};

/**
 * Three layers (docs/decisions/010): (1) the translation or gloss written into the story,
 * (2) the built-in lexicon, word by word, (3) a configured machine-translation provider.
 * Layers 2 and 3 are cached in PostgreSQL.
 */
export function createTranslateService(deps: {
  db: Database;
  stories: StoriesService;
  transcripts: TranscriptLoader;
  providers: TranslationProvider[];
}) {
  const { db, providers } = deps;

  async function fromStory(viewer: Viewer, input: TranslateInput): Promise<string | undefined> {
    if (!input.chapterId || (!input.segmentId && !input.wordId)) return undefined;
    const media = await deps.stories.getChapterMedia(viewer, input.chapterId, 'transcript');
    const { transcript } = await deps.transcripts.load(media.key);
    for (const segment of transcript.segments) {
      if (input.wordId) {
        const word = segment.words.find((candidate) => candidate.id === input.wordId);
        if (word) return word.gloss;
      } else if (segment.id === input.segmentId) {
        return segment.translation;
      }
    }
    return undefined;
  }

  function fromDictionary(text: string): string | undefined {
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length === 1) return lookupWord(words[0]!)?.en;
    const { summary, tokens } = glossText(text);
    return tokens.some((token) => token.en) ? summary : undefined;
  }

  const cacheKey = (input: TranslateInput, text: string) =>
    createHash('sha256')
      .update(`${input.sourceLanguage}|${input.targetLanguage}|${text}`)
      .digest('hex');

  async function cached(key: string) {
    const [row] = await db.select().from(translationCache).where(eq(translationCache.key, key));
    return row
      ? { translation: row.translation, source: row.source as TranslateResponse['source'] }
      : undefined;
  }

  async function remember(
    key: string,
    input: TranslateInput,
    text: string,
    result: TranslateResponse,
  ) {
    await db
      .insert(translationCache)
      .values({
        key,
        sourceLanguage: input.sourceLanguage,
        targetLanguage: input.targetLanguage,
        text,
        ...result,
      })
      .onConflictDoNothing();
  }

  return {
    async translate(viewer: Viewer, input: TranslateInput): Promise<TranslateResponse> {
      const text = sanitizeText(input.text);
      if (text === '') throw validationError(translateMessages.empty);
      const toEnglishFromSpanish = input.sourceLanguage === 'es' && input.targetLanguage === 'en';

      if (input.targetLanguage === 'en') {
        const authored = await fromStory(viewer, input);
        if (authored) return { translation: authored, source: 'story' };
      }
      const key = cacheKey(input, text);
      const hit = await cached(key);
      if (hit) return hit;

      if (toEnglishFromSpanish) {
        const gloss = fromDictionary(text);
        // Single words and short phrases: the lexicon is exact enough and needs no provider.
        if (gloss && (providers.length === 0 || text.split(/\s+/).length <= 3)) {
          const result = { translation: gloss, source: 'dictionary' as const };
          await remember(key, input, text, result);
          return result;
        }
      }
      for (const provider of providers) {
        try {
          const translation = await provider.translate(
            text,
            input.sourceLanguage,
            input.targetLanguage,
          );
          const result = { translation, source: 'api' as const };
          await remember(key, input, text, result);
          return result;
        } catch {
          // Try the next provider; the last resort is the dictionary below.
        }
      }
      if (toEnglishFromSpanish) {
        const gloss = fromDictionary(text);
        if (gloss) return { translation: gloss, source: 'dictionary' };
      }
      throw serviceUnavailable(
        providers.length === 0
          ? translateMessages.noProvider(
              languageNames[input.targetLanguage] ?? input.targetLanguage,
            )
          : translateMessages.providerFailed,
      );
    },
  };
}

export type TranslateService = ReturnType<typeof createTranslateService>;
