import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterWithStory } from '#shared/contracts/stories';
import { inlinedChapterKey } from '#shared/server-render';
import { apiFetch } from '#client/lib/api-client';
import { inlinedDataUpdatedAt, readInlinedData } from '#client/lib/inlined-data';
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

/** The chapter the page's HTML carries (a server-rendered player, decision 037), if it is this one. */
const inlinedChapter = (chapterId: string): ChapterResponse | undefined => {
  const inlined = readInlinedData<ChapterResponse>(inlinedChapterKey(chapterId));
  return inlined?.chapter?.id === chapterId ? inlined : undefined;
};

/**
 * A chapter as learners see it, or with `preview` its working copy (decision 021). The published
 * one starts from the page's inlined chapter, so a server-rendered player hydrates without asking.
 */
export const chapterQueryOptions = (chapterId: string, preview = false) =>
  queryOptions({
    queryKey: ['chapters', chapterId, ...previewKeyPart(preview)] as const,
    queryFn: ({ signal }) => getChapter(chapterId, signal, preview),
    select: (data) => data.chapter,
    // A preview shows what the administrator just changed, not a copy from an earlier visit.
    ...(preview
      ? { staleTime: 0 }
      : {
          initialData: () => inlinedChapter(chapterId),
          initialDataUpdatedAt: () =>
            inlinedChapter(chapterId) ? inlinedDataUpdatedAt() : undefined,
        }),
  });

export const useChapter = (chapterId: string) => useQuery(chapterQueryOptions(chapterId));
