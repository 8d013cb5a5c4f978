import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: the header loads this on every page, and the contracts' values bring zod with them.
import type { ReviewSummary } from '#shared/contracts/review';
import { reviewRoutes } from '#shared/contracts/review-routes';
import { apiFetch } from '#client/lib/api-client';

/** The learner's day starts at their own midnight (the contract's `timezoneOffset`). */
export const timezoneOffsetQuery = () => `timezoneOffset=${new Date().getTimezoneOffset()}`;

/** The counts' names, the same on /review, in the header's label and on the profile (issue 14). */
export const reviewCountLabels = {
  due: 'Due',
  newLeft: 'New cards left today',
} as const;

export const reviewSummaryKey = ['me', 'review', 'summary'] as const;

/**
 * Cards due now and new cards left today: one cheap request, kept a minute, refreshed when the
 * learner comes back to the tab and after they answer (the review page invalidates it).
 */
export const reviewSummaryQueryOptions = () =>
  queryOptions({
    queryKey: reviewSummaryKey,
    queryFn: ({ signal }) =>
      apiFetch<ReviewSummary>(`${reviewRoutes.summary}?${timezoneOffsetQuery()}`, { signal }),
    staleTime: 60_000,
  });

export const useReviewSummary = (enabled: boolean) =>
  useQuery({ ...reviewSummaryQueryOptions(), enabled });
