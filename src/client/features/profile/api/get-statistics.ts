import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { statisticsResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;
export type Statistics = StatisticsResponse['statistics'];

export const statisticsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'statistics'] as const,
    queryFn: ({ signal }) => apiFetch<StatisticsResponse>('/api/me/statistics', { signal }),
    select: (data) => data.statistics,
  });

export const useStatistics = () => useQuery(statisticsQueryOptions());
