import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterQuestionsResponse } from '#shared/contracts/comprehension';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath, studioQueryRoot } from './get-studio-chapter';

/** GET and PUT /api/admin/chapters/:id/questions (decision 069). */
export const chapterQuestionsPath = (chapterId: string) =>
  `${studioChapterPath(chapterId)}/questions`;

export const getChapterQuestions = (chapterId: string, signal?: AbortSignal) =>
  apiFetch<ChapterQuestionsResponse>(chapterQuestionsPath(chapterId), { signal });

export const chapterQuestionsQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: [...studioQueryRoot, chapterId, 'questions'] as const,
    queryFn: ({ signal }) => getChapterQuestions(chapterId, signal),
    // The form starts from what the server holds now, and is not replaced while it is edited.
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The chapter's comprehension questions (working copy) and how they stand with learners. */
export const useChapterQuestions = (chapterId: string) =>
  useQuery(chapterQuestionsQueryOptions(chapterId));
