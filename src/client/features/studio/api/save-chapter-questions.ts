import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChapterQuestionsResponse,
  SaveChapterQuestionsRequest,
} from '#shared/contracts/comprehension';
import { apiFetch } from '#client/lib/api-client';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';
import { studioQueryRoot } from './get-studio-chapter';
import { chapterQuestionsPath, chapterQuestionsQueryOptions } from './get-chapter-questions';

export const saveChapterQuestions = (chapterId: string, request: SaveChapterQuestionsRequest) =>
  apiFetch<ChapterQuestionsResponse>(chapterQuestionsPath(chapterId), {
    method: 'PUT',
    json: request,
  });

/**
 * Replaces the chapter's questions; the answer becomes the query's data, and the admin's story
 * lists learn that the story may now have unpublished changes.
 */
export function useSaveChapterQuestions(chapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...studioQueryRoot, chapterId, 'questions', 'save'],
    mutationFn: (request: SaveChapterQuestionsRequest) => saveChapterQuestions(chapterId, request),
    retry: false,
    onSuccess: (saved) => {
      queryClient.setQueryData(chapterQuestionsQueryOptions(chapterId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot });
    },
  });
}
