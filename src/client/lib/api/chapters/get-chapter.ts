import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterWithStory } from '#shared/contracts/stories';
import { apiFetch } from '#client/lib/api-client';
import { previewKeyPart, withPreview } from '#client/lib/preview';

export interface ChapterResponse {
  chapter: ChapterWithStory;
}

export const chapterPath = (chapterId: string) => `/api/chapters/${encodeURIComponent(chapterId)}`;
/** The chapter's audio; with `preview`, the working copy's (administrators only). */
export const chapterAudioUrl = (chapterId: string, preview = false) =>
  withPreview(`${chapterPath(chapterId)}/audio`, preview);

export const getChapter = (chapterId: string, signal?: AbortSignal, preview = false) =>
  apiFetch<ChapterResponse>(withPreview(chapterPath(chapterId), preview), { signal });

/** A chapter as learners see it, or with `preview` its working copy (decision 021). */
export const chapterQueryOptions = (chapterId: string, preview = false) =>
  queryOptions({
    queryKey: ['chapters', chapterId, ...previewKeyPart(preview)] as const,
    queryFn: ({ signal }) => getChapter(chapterId, signal, preview),
    select: (data) => data.chapter,
    // A preview shows what the administrator just changed, not a copy from an earlier visit.
    ...(preview ? { staleTime: 0 } : {}),
  });

export const useChapter = (chapterId: string) => useQuery(chapterQueryOptions(chapterId));
