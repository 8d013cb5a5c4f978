import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type Profile = ProfileResponse['profile'];

export const getProfile = (signal?: AbortSignal) =>
  apiFetch<ProfileResponse>('/api/me/profile', { signal });

export const profileQueryOptions = () =>
  queryOptions({
    // Under ['me', …] like all of the user's own data: sign-in and sign-out drop it.
    queryKey: ['me', 'profile'] as const,
    queryFn: ({ signal }) => getProfile(signal),
    select: (data) => data.profile,
  });

export const useProfile = () => useQuery(profileQueryOptions());
