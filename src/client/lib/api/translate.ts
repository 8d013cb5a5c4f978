import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  servedLanguage,
  translationLanguageMessages,
  type TranslateBody,
  type TranslateResponse,
  type TranslationLanguage,
} from '#shared/contracts/translate';
import type { TextSource } from '#shared/transcript';
import { apiFetch, isApiError } from '#client/lib/api-client';
import { failedOffline } from '#client/lib/failed-offline';
import { withPreview } from '#client/lib/preview';

export type TranslationSource = TranslateResponse['source'];

export interface TranslationRequest {
  /** The Spanish text: a word, a line or a selection. */
  text: string;
  chapterId?: string;
  segmentId?: string;
  wordId?: string;
  /** The transcript's own English for it (a word's gloss, a line's translation), when written. */
  local?: string;
  /** Who wrote `local`: 'machine' while no person has reviewed it (decision 043). */
  localSource?: TextSource;
}

/**
 * How translations are found: `server` asks `POST /api/translate` (story text, dictionary, then a
 * provider) unless the transcript already holds the English; `local` uses the transcript only (the
 * demo, which needs no server).
 */
export type TranslationMode = 'server' | 'local';

export interface TranslationSettings {
  mode: TranslationMode;
  /** The learner's preferred language; the transcript's own text is English. */
  targetLanguage: string;
  /** Shown with each translation when the preferred language cannot be served (decision 038). */
  fallbackNote?: string;
  /** An administrator's preview: the server reads the story's working copy (decision 021). */
  preview?: boolean;
}

/** The translation languages this site can serve (decision 038); the same for everyone. */
export const translationLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: ['translate', 'languages'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ languages: TranslationLanguage[] }>('/api/translate/languages', { signal }),
    select: (data) => data.languages,
    staleTime: 5 * 60_000,
  });

export const useTranslationLanguages = () => useQuery(translationLanguagesQueryOptions());

/**
 * The settings of a page that asks the server: the learner's preferred language when this site
 * can serve it, otherwise (and until that is known) English, the story's own, with a note.
 */
export function translationSettingsFor(
  preferred: TranslationLanguage | null,
  servable: readonly TranslationLanguage[] | undefined,
): TranslationSettings {
  if (preferred === null || preferred === 'en') return { mode: 'server', targetLanguage: 'en' };
  const target = servedLanguage(preferred, servable ?? ['en']);
  return target === preferred || servable === undefined
    ? { mode: 'server', targetLanguage: target }
    : {
        mode: 'server',
        targetLanguage: target,
        fallbackNote: translationLanguageMessages.fallbackNote(preferred),
      };
}

/** `preferred` is null for a visitor (English); `preview` for an administrator's preview. */
export function useServerTranslationSettings(
  preferred: TranslationLanguage | null,
  preview = false,
): TranslationSettings {
  const { data: servable } = useQuery({
    ...translationLanguagesQueryOptions(),
    enabled: preferred !== null && preferred !== 'en',
  });
  return useMemo(() => {
    const settings = translationSettingsFor(preferred, servable);
    return preview ? { ...settings, preview } : settings;
  }, [preferred, servable, preview]);
}

export const postTranslate = (body: TranslateBody, signal?: AbortSignal, preview = false) =>
  apiFetch<TranslateResponse>(withPreview('/api/translate', preview), {
    method: 'POST',
    json: body,
    signal,
  });

/** The transcript's own English, marked as the machine's while no person has reviewed it. */
const storyText = (translation: string, source: TextSource | undefined) => ({
  translation,
  source: source === 'machine' ? ('machine' as const) : ('story' as const),
});

/**
 * A translation that could not be had; `reason` picks the spec's inline text (`offline`: the
 * device has no connection and the transcript holds no English for it, issue 15).
 */
export class TranslationError extends Error {
  constructor(
    readonly reason: 'service' | 'empty' | 'unavailable' | 'offline',
    options?: { cause: unknown },
  ) {
    super(reason, options);
  }
}

export const translationErrorSuffix: Record<TranslationError['reason'], string> = {
  service: '(translation service error)',
  empty: '(no translation received)',
  unavailable: '(translation unavailable)',
  offline: '(translation needs a connection)',
};

export function translationErrorText(text: string, error: unknown): string {
  const reason = error instanceof TranslationError ? error.reason : 'service';
  return `${text} ${translationErrorSuffix[reason]}`;
}

export async function translate(
  request: TranslationRequest,
  settings: TranslationSettings,
  signal?: AbortSignal,
): Promise<{ translation: string; source: TranslationSource }> {
  const local = request.local?.trim();
  if (local && settings.targetLanguage === 'en') return storyText(local, request.localSource);
  if (settings.mode === 'local') throw new TranslationError(local ? 'unavailable' : 'empty');
  let response: TranslateResponse | undefined;
  try {
    response = await postTranslate(
      {
        text: request.text,
        sourceLanguage: 'es',
        ...(request.chapterId ? { chapterId: request.chapterId } : {}),
        ...(request.segmentId ? { segmentId: request.segmentId } : {}),
        ...(request.wordId ? { wordId: request.wordId } : {}),
      },
      signal,
      settings.preview,
    );
  } catch (error) {
    if (failedOffline(error)) {
      // Offline, the story's own English is better than nothing in another language.
      if (local) return storyText(local, request.localSource);
      throw new TranslationError('offline', { cause: error });
    }
    if (isApiError(error) && error.status === 503) throw new TranslationError('unavailable');
    throw new TranslationError('service');
  }
  const translation = response?.translation?.trim();
  if (!translation) throw new TranslationError('empty');
  // Spec: the source is the returned one, or 'api'.
  return { translation, source: response?.source ?? 'api' };
}

/** A translation never changes: asked once per text, place and language, never retried. */
export const translationQueryOptions = (
  request: TranslationRequest,
  settings: TranslationSettings,
) =>
  queryOptions({
    queryKey: [
      'translate',
      settings.mode,
      settings.targetLanguage,
      // A preview reads the working copy, whose text may differ from what learners see.
      settings.preview === true,
      request.chapterId ?? null,
      request.segmentId ?? null,
      request.wordId ?? null,
      request.text,
    ] as const,
    queryFn: ({ signal }) => translate(request, settings, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Loading while there is text; an empty text means no translation at all (spec, section 4). */
export function useTranslation(request: TranslationRequest | null, settings: TranslationSettings) {
  const text = request?.text.trim() ?? '';
  return useQuery({
    ...translationQueryOptions(request ?? { text: '' }, settings),
    enabled: request !== null && text !== '',
  });
}
