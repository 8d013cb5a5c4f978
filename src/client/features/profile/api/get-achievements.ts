import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';

export interface Achievement {
  key: string;
  title: string;
  description: string;
  earnedAt: string;
}

/** Newest first (the server's order, kept whatever it sends). */
export const sortNewestFirst = (achievements: readonly Achievement[]): Achievement[] =>
  [...achievements].sort((a, b) => Date.parse(b.earnedAt) - Date.parse(a.earnedAt));

export const achievementsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'achievements'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ achievements: Achievement[] }>('/api/me/achievements', { signal }),
    select: (data) => sortNewestFirst(data.achievements),
  });

export const useAchievements = () => useQuery(achievementsQueryOptions());
