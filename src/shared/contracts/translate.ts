import { z } from 'zod';
import { preferredLanguages } from './me.ts';

export const translationSources = ['story', 'dictionary', 'api'] as const;

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
});
export type TranslateResponse = z.infer<typeof translateResponseSchema>;
