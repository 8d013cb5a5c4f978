import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { chapterVocabularyResponseSchema } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';
import { chapterPath } from '#client/lib/api/chapters/get-chapter';

export type ChapterVocabulary = z.infer<typeof chapterVocabularyResponseSchema>;

export const getChapterVocabulary = (chapterId: string, signal?: AbortSignal) =>
  apiFetch<ChapterVocabulary>(`${chapterPath(chapterId)}/vocabulary`, { signal });

export const chapterVocabularyQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: ['me', 'vocabulary', 'chapter', chapterId] as const,
    queryFn: ({ signal }) => getChapterVocabulary(chapterId, signal),
  });

export const useChapterVocabulary = (chapterId: string, enabled: boolean) =>
  useQuery({ ...chapterVocabularyQueryOptions(chapterId), enabled });
