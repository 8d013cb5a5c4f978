import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { achievementsResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>;
export type Achievement = AchievementsResponse['achievements'][number];

/** Newest first (the server's order, kept whatever it sends). */
export const sortNewestFirst = (achievements: readonly Achievement[]): Achievement[] =>
  [...achievements].sort((a, b) => Date.parse(b.earnedAt) - Date.parse(a.earnedAt));

export const achievementsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'achievements'] as const,
    queryFn: ({ signal }) => apiFetch<AchievementsResponse>('/api/me/achievements', { signal }),
    select: (data) => sortNewestFirst(data.achievements),
  });

export const useAchievements = () => useQuery(achievementsQueryOptions());
