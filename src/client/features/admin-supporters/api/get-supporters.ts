import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSupporters } from '#shared/contracts/admin-supporters';
import { apiFetch } from '#client/lib/api-client';

export const getSupporters = (signal?: AbortSignal) =>
  apiFetch<AdminSupporters>('/api/admin/supporters', { signal });

export const supportersQueryOptions = () =>
  queryOptions({
    // Under ['admin', …]: dropped at sign-in and sign-out like the user's own data.
    queryKey: ['admin', 'supporters'] as const,
    queryFn: ({ signal }) => getSupporters(signal),
  });

/** Supporter figures, lifetime supporters and paid payments. */
export const useSupporters = () => useQuery(supportersQueryOptions());
