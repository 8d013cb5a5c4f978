import { queryOptions } from '@tanstack/react-query';
import type { PublishAction, ReviewState } from '#shared/contracts/publishing';
import { apiFetch } from '#client/lib/api-client';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';

export const getReviewState = (id: string, action: PublishAction, signal?: AbortSignal) =>
  apiFetch<{ reviewState: ReviewState }>(
    `/api/admin/stories/${encodeURIComponent(id)}/review-state?action=${action}`,
    { signal },
  );

/**
 * What learners would see after `action` that no person has reviewed (decision 043). Asked
 * afresh each time the administrator is about to publish: it is what the confirmation covers.
 */
export const reviewStateQueryOptions = (id: string, action: PublishAction) =>
  queryOptions({
    queryKey: [...adminStoriesQueryRoot, 'review-state', id, action] as const,
    queryFn: ({ signal }) => getReviewState(id, action, signal),
    select: (data) => data.reviewState,
    staleTime: 0,
    retry: false,
  });
