import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportStatus } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';

/**
 * Every public support query (the section's status, each payment service's) sits under this key:
 * an administrator's change to the support settings or a service switch refreshes them all.
 */
export const supportQueryRoot = ['support'] as const;

export const supportStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...supportQueryRoot, 'status'] as const,
    queryFn: ({ signal }) => apiFetch<SupportStatus>('/api/support/status', { signal }),
  });

/** Whether the support section shows, its tiers and the wallet page. */
export const useSupportStatus = () => useQuery(supportStatusQueryOptions());
