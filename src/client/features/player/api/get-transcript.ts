import { queryOptions, useQuery } from '@tanstack/react-query';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { apiFetch } from '#client/lib/api-client';
import { chapterPath } from './get-chapter';

/** Transcripts come from uploaded files, so they are validated here too (the player chunk only). */
export async function getTranscript(chapterId: string, signal?: AbortSignal): Promise<Transcript> {
  const body = await apiFetch<unknown>(`${chapterPath(chapterId)}/transcript`, { signal });
  return transcriptSchema.parse(body);
}

export const transcriptQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: ['chapters', chapterId, 'transcript'] as const,
    queryFn: ({ signal }) => getTranscript(chapterId, signal),
  });

export const useTranscript = (chapterId: string, enabled: boolean) =>
  useQuery({ ...transcriptQueryOptions(chapterId), enabled });
