import { z } from 'zod';
import { preferredLanguages } from './me.ts';

/**
 * Where a translation comes from: `story`, the story's own text that a person wrote or approved;
 * `machine`, the story's own text still as a machine proposed it (not reviewed: issue 21);
 * `dictionary`, the built-in lexicon; `api`, a translation service asked now.
 */
export const translationSources = ['story', 'machine', 'dictionary', 'api'] as const;

export const translateBodySchema = z
  .object({
    text: z.string().max(20_000),
    sourceLanguage: z.enum(['es', 'en', 'fr', 'de']).default('es'),
    /** Defaults to the signed-in user's preferred language, otherwise English. */
    targetLanguage: z.enum(preferredLanguages).optional(),
    /** Where the text comes from, so the translation written into the story can be used. */
    chapterId: z.uuid().optional(),
    segmentId: z.string().max(64).optional(),
    wordId: z.string().max(64).optional(),
  })
  .strict();
export type TranslateBody = z.input<typeof translateBodySchema>;

export const translateResponseSchema = z.object({
  translation: z.string(),
  source: z.enum(translationSources),
  /**
   * The language of the translation: English when the learner's preferred language cannot be
   * served here (decision 038), the preferred language otherwise.
   */
  language: z.enum(preferredLanguages),
});
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

export type TranslationLanguage = (typeof preferredLanguages)[number];

/** The stories' own language: translations are asked from it. */
export const STORY_LANGUAGE = 'es' satisfies TranslationLanguage;

export const translationLanguageNames: Record<TranslationLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
};

/**
 * The target languages that can really be served for text in `source` (decision 038): English
 * always (the story's own English, the built-in dictionary), another language only when a
 * configured provider translates into it, and never the text's own language.
 */
export function servableTargets(
  source: string,
  providerSupports: (from: string, to: string) => boolean,
): TranslationLanguage[] {
  return preferredLanguages.filter(
    (target) => target !== source && (target === 'en' || providerSupports(source, target)),
  );
}

/** The language translations are shown in: the preferred one when servable, else English. */
export const servedLanguage = (
  preferred: TranslationLanguage,
  servable: readonly TranslationLanguage[],
): TranslationLanguage => (servable.includes(preferred) ? preferred : 'en');

export const translationLanguagesResponseSchema = z.object({
  /** Target languages that can be served for the stories' Spanish, English first. */
  languages: z.array(z.enum(preferredLanguages)),
});

export const translationLanguageMessages = {
  notServed: (language: TranslationLanguage) =>
    `${translationLanguageNames[language]} translations are not available on this site`,
  fallbackNote: (language: TranslationLanguage) =>
    `Shown in English: ${translationLanguageNames[language]} translations are not available on this site.`,
} as const;
