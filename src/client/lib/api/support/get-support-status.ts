import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportStatus } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';

export const supportStatusQueryKey = ['support', 'status'] as const;

export const supportStatusQueryOptions = () =>
  queryOptions({
    queryKey: supportStatusQueryKey,
    queryFn: ({ signal }) => apiFetch<SupportStatus>('/api/support/status', { signal }),
  });

/** Whether the support section shows, its tiers and the wallet page. */
export const useSupportStatus = () => useQuery(supportStatusQueryOptions());
