import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';

export interface Statistics {
  storiesCompleted: number;
  /** Sum of the saved positions, in minutes. */
  listeningMinutes: number;
  achievementsCount: number;
  /** Percent. */
  averageProgress: number;
}

export const statisticsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'statistics'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ statistics: Statistics }>('/api/me/statistics', { signal }),
    select: (data) => data.statistics,
  });

export const useStatistics = () => useQuery(statisticsQueryOptions());
