import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxMessageResponse } from '#shared/contracts/admin-inbox';
import { apiFetch } from '#client/lib/api-client';
import { inboxQueryRoot } from './get-inbox';

export const getInboxMessage = (id: string, signal?: AbortSignal) =>
  apiFetch<InboxMessageResponse>(`/api/admin/inbox/${encodeURIComponent(id)}`, { signal });

export const inboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...inboxQueryRoot, 'message', id] as const,
    queryFn: ({ signal }) => getInboxMessage(id, signal),
    select: (data) => data.message,
  });

export const useInboxMessage = (id: string) => useQuery(inboxMessageQueryOptions(id));
