import { queryOptions, useQuery } from '@tanstack/react-query';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { inlinedTranscriptKey } from '#shared/server-render';
import { apiFetch, isApiError } from '#client/lib/api-client';
import { readInlinedData } from '#client/lib/inlined-data';
import { previewKeyPart, withPreview } from '#client/lib/preview';
import { chapterPath } from './get-chapter';
import { looksLikeTranscript } from './transcript-shape';

export interface LoadedTranscript {
  transcript: Transcript;
  /** False when the server has none or what it has is not a transcript (placeholder then). */
  available: boolean;
}

/**
 * Transcripts come from uploaded files, so they are validated here too (the player chunk only).
 * A missing (404) or malformed transcript resolves as unavailable; other failures reject.
 */
export async function getTranscript(
  chapterId: string,
  signal?: AbortSignal,
  preview = false,
): Promise<LoadedTranscript> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>(withPreview(`${chapterPath(chapterId)}/transcript`, preview), {
      signal,
    });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) {
      return { transcript: { segments: [] }, available: false };
    }
    throw error;
  }
  // The quick check first (no copy of thousands of words); the schema decides anything else.
  if (looksLikeTranscript(body)) return { transcript: body, available: true };
  const parsed = transcriptSchema.safeParse(body);
  return parsed.success
    ? { transcript: parsed.data, available: true }
    : { transcript: { segments: [] }, available: false };
}

/**
 * The transcript the page's HTML carries (a server-rendered player, decision 037): the server
 * wrote it from the same validated answer the API gives.
 */
function inlinedTranscript(chapterId: string): LoadedTranscript | undefined {
  const inlined = readInlinedData<unknown>(inlinedTranscriptKey(chapterId));
  return inlined !== undefined && looksLikeTranscript(inlined)
    ? { transcript: inlined, available: true }
    : undefined;
}

/**
 * The published transcript, or with `preview` the working copy's (decision 021). The published
 * one starts from the page's inlined transcript: the words on screen are not fetched again.
 */
export const transcriptQueryOptions = (chapterId: string, preview = false) =>
  queryOptions({
    queryKey: ['chapters', chapterId, 'transcript', ...previewKeyPart(preview)] as const,
    queryFn: ({ signal }) => getTranscript(chapterId, signal, preview),
    initialData: preview ? undefined : () => inlinedTranscript(chapterId),
    // A published transcript changes only when the story is published again; a preview shows
    // the latest save.
    staleTime: preview ? 0 : Number.POSITIVE_INFINITY,
    // Thousands of words: comparing them with a refetched copy costs more than it saves.
    structuralSharing: false,
  });

export const useTranscript = (chapterId: string, enabled: boolean, preview = false) =>
  useQuery({ ...transcriptQueryOptions(chapterId, preview), enabled });
