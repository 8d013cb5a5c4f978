import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminStoryResponseSchema } from '#shared/contracts/admin-stories';
import { apiFetch, isApiError } from '#client/lib/api-client';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';

export type AdminStoryResponse = z.infer<typeof adminStoryResponseSchema>;

/** Spec (section 4): the edit-mode load retries 3 times. */
export const STORY_LOAD_RETRIES = 3;

/** 1 s, 2 s, 4 s… doubling from 1 s, never more than 30 s (attemptIndex starts at 0). */
export const storyLoadRetryDelay = (attemptIndex: number): number =>
  Math.min(1000 * 2 ** attemptIndex, 30_000);

/**
 * Retries what a retry can cure (no answer, a server failure); a 4xx answer — the story was
 * deleted, the session ended — is final at once rather than after 7 s of waiting.
 */
export const shouldRetryStoryLoad = (failureCount: number, error: unknown): boolean =>
  failureCount < STORY_LOAD_RETRIES &&
  !(isApiError(error) && error.status >= 400 && error.status < 500);

export const getAdminStory = (id: string, signal?: AbortSignal) =>
  apiFetch<AdminStoryResponse>(`/api/admin/stories/${encodeURIComponent(id)}`, { signal });

export const adminStoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminStoriesQueryRoot, 'detail', id] as const,
    queryFn: ({ signal }) => getAdminStory(id, signal),
    select: (data) => data.story,
    // The wizard edits what the server holds now, not a copy cached by an earlier visit.
    staleTime: 0,
    retry: shouldRetryStoryLoad,
    retryDelay: storyLoadRetryDelay,
  });

/** One story with its chapters, drafts included (the story wizard's edit mode). */
export const useAdminStory = (id: string | undefined) =>
  useQuery({ ...adminStoryQueryOptions(id ?? ''), enabled: id !== undefined });
