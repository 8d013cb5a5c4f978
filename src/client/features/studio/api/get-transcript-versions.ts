import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TranscriptVersion } from '#shared/contracts/studio';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath, studioQueryRoot } from './get-studio-chapter';

export const getTranscriptVersions = (chapterId: string, signal?: AbortSignal) =>
  apiFetch<{ versions: TranscriptVersion[] }>(
    `${studioChapterPath(chapterId)}/transcript/versions`,
    { signal },
  );

export const transcriptVersionsQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: [...studioQueryRoot, chapterId, 'versions'] as const,
    queryFn: ({ signal }) => getTranscriptVersions(chapterId, signal),
    select: (data) => data.versions,
  });

/** Every saved version of the chapter's transcript, newest first. */
export const useTranscriptVersions = (chapterId: string) =>
  useQuery(transcriptVersionsQueryOptions(chapterId));
