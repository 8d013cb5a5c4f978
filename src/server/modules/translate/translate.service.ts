import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  servableTargets,
  servedLanguage,
  STORY_LANGUAGE,
  translationLanguageMessages,
  type TranslateResponse,
  type TranslationLanguage,
} from '#shared/contracts/translate';
import { englishOfWord, glossText } from '#shared/lexicon/index';
import { sanitizeText } from '#shared/sanitize';
import type { TextSource } from '#shared/transcript';
import { translationServiceNames, type TranslationServiceName } from '#shared/translation-services';
import type { RequestOrigin } from '../../lib/actor.ts';
import {
  rateLimited,
  serviceUnavailable,
  StorageUnreachableError,
  validationError,
} from '../../lib/errors.ts';
import { addressIdentifier, rateLimitRules, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { MeRepository } from '../me/me.repository.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { failureOf, type ProviderFailure } from './provider-error.ts';
import type { TranslationProvider } from './providers.ts';
import type { CachedAnswer, TranslationCacheRepository } from './translation-cache.repository.ts';

export interface TranslateInput {
  text: string;
  sourceLanguage: string;
  /** Absent: the signed-in learner's preferred language, otherwise English. */
  targetLanguage?: string;
  chapterId?: string;
  segmentId?: string;
  wordId?: string;
  /** An administrator's preview: the story's text is read from the working copy (drafts too). */
  preview?: boolean;
}

type Request = TranslateInput & { targetLanguage: TranslationLanguage };
type Translated = Omit<TranslateResponse, 'language'>;

/**
 * A sentence's machine translation for the studio: the service that gave it (or none could), and
 * why each service asked before failed (empty when none failed, or none serves this site).
 */
export type MachineTranslation = { failures: ProviderFailure[] } & (
  { translation: string; provider: TranslationServiceName } | { translation: null }
);

interface FromProviders {
  answer: (CachedAnswer & { source: 'api'; provider: TranslationServiceName }) | null;
  failures: ProviderFailure[];
}

export const translateMessages = {
  empty: 'There is no text to translate',
  rateLimited: 'Too many translations at once. Please wait a moment.',
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
 * Layers 2 and 3 are cached in PostgreSQL. Every request counts against a per-client limit.
 */
export function createTranslateService(deps: {
  cache: TranslationCacheRepository;
  preferences: Pick<MeRepository, 'findPreferences'>;
  stories: StoriesService;
  limiter: RateLimiter;
  providers: TranslationProvider[];
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { cache, preferences, stories, limiter, providers, log } = deps;

  /**
   * The story's own text for a word or a line: `story` when a person wrote or approved it,
   * `machine` while it is still a machine's proposal (decision 043). An administrator's preview
   * reads the working copy, as the preview's player does.
   */
  async function fromStory(viewer: Viewer, input: Request): Promise<Translated | undefined> {
    if (!input.chapterId || (!input.segmentId && !input.wordId)) return undefined;
    const { transcript } = await stories.getTranscript(viewer, input.chapterId, {
      preview: input.preview === true,
    });
    const answer = (text: string | undefined, by: TextSource | undefined) =>
      text?.trim()
        ? ({ translation: text, source: by === 'machine' ? 'machine' : 'story' } as const)
        : undefined;
    for (const segment of transcript.segments) {
      if (input.wordId) {
        const word = segment.words.find((candidate) => candidate.id === input.wordId);
        if (word) return answer(word.gloss, word.glossSource);
      } else if (segment.id === input.segmentId) {
        return answer(segment.translation, segment.translationSource);
      }
    }
    return undefined;
  }

  /**
   * The story's text when its file can be read; while the storage cannot be reached (and this
   * instance never read that transcript), the word is still translated by the layers below, as a
   * dictionary's or a service's answer, never as the story's (issue 26's fault run).
   */
  async function fromStoryWhenReachable(viewer: Viewer, input: Request) {
    try {
      return await fromStory(viewer, input);
    } catch (error) {
      if (!(error instanceof StorageUnreachableError)) throw error;
      log.warn({ chapterId: input.chapterId }, 'story text unreachable: translating without it');
      return undefined;
    }
  }

  function fromDictionary(text: string): string | undefined {
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length === 1) return englishOfWord(words[0]!);
    const { summary, tokens } = glossText(text);
    return tokens.some((token) => token.en) ? summary : undefined;
  }

  const cacheKey = (input: Request, text: string) =>
    createHash('sha256')
      .update(`${input.sourceLanguage}|${input.targetLanguage}|${text}`)
      .digest('hex');

  const remember = (key: string, input: Request, text: string, answer: CachedAnswer) =>
    cache.remember({
      key,
      sourceLanguage: input.sourceLanguage,
      targetLanguage: input.targetLanguage,
      text,
      ...answer,
    });

  /**
   * The first configured provider that answers, remembered in the cache. Each failure is logged
   * (the service, the kind and its message: never the text) and returned, so the caller can
   * report it; the next provider is asked.
   */
  async function fromProviders(input: Request, text: string, key: string): Promise<FromProviders> {
    const failures: ProviderFailure[] = [];
    for (const provider of providers) {
      if (!provider.supports(input.sourceLanguage, input.targetLanguage)) continue;
      try {
        const translation = await provider.translate(
          text,
          input.sourceLanguage,
          input.targetLanguage,
        );
        const answer = { translation, source: 'api' as const, provider: provider.name };
        await remember(key, input, text, answer);
        return { answer, failures };
      } catch (error) {
        const failure = failureOf(provider.name, error);
        log.warn(
          {
            provider: failure.provider,
            kind: failure.kind,
            from: input.sourceLanguage,
            to: input.targetLanguage,
            characters: text.length,
          },
          `${translationServiceNames[failure.provider]} failed: ${failure.message}`,
        );
        failures.push(failure);
      }
    }
    return { answer: null, failures };
  }

  /** A visitor counts under their address, a learner under their account. */
  async function countRequest(viewer: Viewer, origin: RequestOrigin) {
    const identifier = viewer.userId ?? addressIdentifier(origin);
    const verdict = await limiter.hit(rateLimitRules.translate, identifier, origin);
    if (!verdict.allowed) {
      throw rateLimited(translateMessages.rateLimited, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }

  const providerSupports = (from: string, to: string) =>
    providers.some((provider) => provider.supports(from, to));
  const targetLanguages = (source: string = STORY_LANGUAGE) =>
    servableTargets(source, providerSupports);

  /**
   * Decision 038: a target asked for explicitly must be servable (else 400); the learner's stored
   * preference falls back to English when it cannot be served (set before, or a provider removed).
   */
  async function targetLanguageFor(
    viewer: Viewer,
    input: TranslateInput,
  ): Promise<TranslationLanguage> {
    const servable = targetLanguages(input.sourceLanguage);
    if (input.targetLanguage) {
      const asked = input.targetLanguage as TranslationLanguage;
      if (!servable.includes(asked)) {
        throw validationError(translationLanguageMessages.notServed(asked), {
          fields: { targetLanguage: translationLanguageMessages.notServed(asked) },
        });
      }
      return asked;
    }
    if (!viewer.userId) return 'en';
    const preferred = (await preferences.findPreferences(viewer.userId))?.preferredLanguage;
    return servedLanguage(preferred ?? 'en', servable);
  }

  async function translate(viewer: Viewer, input: Request): Promise<Translated> {
    const text = sanitizeText(input.text);
    if (text === '') throw validationError(translateMessages.empty);
    const toEnglishFromSpanish = input.sourceLanguage === 'es' && input.targetLanguage === 'en';

    if (input.targetLanguage === 'en') {
      const authored = await fromStoryWhenReachable(viewer, input);
      if (authored) return authored;
    }
    const key = cacheKey(input, text);
    const hit = await cache.find(key);
    if (hit) return { translation: hit.translation, source: hit.source };

    if (toEnglishFromSpanish) {
      const gloss = fromDictionary(text);
      // Single words and short phrases: the lexicon is exact enough and needs no provider.
      if (gloss && (providers.length === 0 || text.split(/\s+/).length <= 3)) {
        const result = { translation: gloss, source: 'dictionary' as const };
        await remember(key, input, text, result);
        return result;
      }
    }
    const { answer } = await fromProviders(input, text, key);
    if (answer) return { translation: answer.translation, source: answer.source };
    if (toEnglishFromSpanish) {
      const gloss = fromDictionary(text);
      if (gloss) return { translation: gloss, source: 'dictionary' };
    }
    throw serviceUnavailable(
      providers.length === 0
        ? translateMessages.noProvider(languageNames[input.targetLanguage] ?? input.targetLanguage)
        : translateMessages.providerFailed,
    );
  }

  return {
    /** The target languages that can really be served here for text in `source`. */
    targetLanguages,

    /** The services that serve this site, in the order they are asked (empty: none). */
    providerNames: (): TranslationServiceName[] => providers.map((provider) => provider.name),

    /**
     * A sentence's machine translation for the content studio's prefill and saved items (no rate
     * limit): the cache (a service's answer that names it), then the configured providers, with
     * the service that answered, or every failure. The lexicon's word-by-word summary is no
     * sentence translation.
     */
    async machineTranslate(
      text: string,
      sourceLanguage: string,
      targetLanguage: string,
    ): Promise<MachineTranslation> {
      const clean = sanitizeText(text);
      if (clean === '' || providers.length === 0) return { translation: null, failures: [] };
      const input = {
        text: clean,
        sourceLanguage,
        targetLanguage: targetLanguage as TranslationLanguage,
      };
      const key = cacheKey(input, clean);
      const hit = await cache.find(key);
      if (hit?.source === 'api' && hit.provider) {
        return { translation: hit.translation, provider: hit.provider, failures: [] };
      }
      const { answer, failures } = await fromProviders(input, clean, key);
      return answer
        ? { translation: answer.translation, provider: answer.provider, failures }
        : { translation: null, failures };
    },

    /** Stops what the providers hold (Apertium's process), when the app closes. */
    stop() {
      for (const provider of providers) provider.stop?.();
    },

    async translate(
      requester: { viewer: Viewer; origin: RequestOrigin },
      input: TranslateInput,
    ): Promise<TranslateResponse> {
      const { viewer, origin } = requester;
      await countRequest(viewer, origin);
      const targetLanguage = await targetLanguageFor(viewer, input);
      const result = await translate(viewer, { ...input, targetLanguage });
      return { translation: result.translation, source: result.source, language: targetLanguage };
    },
  };
}

export type TranslateService = ReturnType<typeof createTranslateService>;
