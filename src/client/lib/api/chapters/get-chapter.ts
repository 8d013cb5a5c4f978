import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterWithStory } from '#shared/contracts/stories';
import { apiFetch } from '#client/lib/api-client';

export interface ChapterResponse {
  chapter: ChapterWithStory;
}

export const chapterPath = (chapterId: string) => `/api/chapters/${encodeURIComponent(chapterId)}`;
export const chapterAudioUrl = (chapterId: string) => `${chapterPath(chapterId)}/audio`;

export const getChapter = (chapterId: string, signal?: AbortSignal) =>
  apiFetch<ChapterResponse>(chapterPath(chapterId), { signal });

export const chapterQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: ['chapters', chapterId] as const,
    queryFn: ({ signal }) => getChapter(chapterId, signal),
    select: (data) => data.chapter,
  });

export const useChapter = (chapterId: string) => useQuery(chapterQueryOptions(chapterId));
