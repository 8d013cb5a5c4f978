import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioChapter } from '#shared/contracts/studio';
import { apiFetch } from '#client/lib/api-client';

/**
 * Every studio query of a chapter sits under [...studioQueryRoot, chapterId] (the chapter, its
 * versions, its waveform, its latest alignment); under ['admin', …], so sign-in and sign-out
 * drop them with the rest of the admin's data.
 */
export const studioQueryRoot = ['admin', 'studio'] as const;

export const studioChapterPath = (chapterId: string) =>
  `/api/admin/chapters/${encodeURIComponent(chapterId)}`;

export const getStudioChapter = (chapterId: string, signal?: AbortSignal) =>
  apiFetch<StudioChapter>(`${studioChapterPath(chapterId)}/studio`, { signal });

export const studioChapterQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: [...studioQueryRoot, chapterId] as const,
    queryFn: ({ signal }) => getStudioChapter(chapterId, signal),
    // Read again each time the page opens (someone may have saved meanwhile), then only when the
    // editor asks: after a save, a restore, an alignment, or to take someone else's save.
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Thousands of words: comparing them with a refetched copy costs more than it saves.
    structuralSharing: false,
  });

/** The chapter as the studio edits it: its transcript and version, audio, counts and warnings. */
export const useStudioChapter = (chapterId: string) =>
  useQuery(studioChapterQueryOptions(chapterId));
