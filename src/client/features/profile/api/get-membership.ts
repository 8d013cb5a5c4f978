import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';

export interface Membership {
  hasLifetimeAccess: boolean;
  grantedAt: string | null;
  membershipLevel: string | null;
}

export const membershipQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'membership'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ membership: Membership }>('/api/me/membership', { signal }),
    select: (data) => data.membership,
  });

export const useMembership = () => useQuery(membershipQueryOptions());
