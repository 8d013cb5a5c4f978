import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { membershipResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export type MembershipResponse = z.infer<typeof membershipResponseSchema>;
export type Membership = MembershipResponse['membership'];

export const membershipQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'membership'] as const,
    queryFn: ({ signal }) => apiFetch<MembershipResponse>('/api/me/membership', { signal }),
    select: (data) => data.membership,
  });

export const useMembership = () => useQuery(membershipQueryOptions());
