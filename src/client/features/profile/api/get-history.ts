import { queryOptions, useQuery } from '@tanstack/react-query';
import { historyRoutes, type LearnerHistory } from '#shared/contracts/history';
import { apiFetch } from '#client/lib/api-client';
import { timezoneOffsetQuery } from '#client/lib/api/review/get-review-summary';

/** The profile's charts (decision 070): the learner's days where they live. */
export const historyQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'history'] as const,
    queryFn: ({ signal }) =>
      apiFetch<LearnerHistory>(`${historyRoutes.history}?${timezoneOffsetQuery()}`, { signal }),
  });

export const useHistory = () => useQuery(historyQueryOptions());
