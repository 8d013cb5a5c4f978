import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminInboxListResponse } from '#shared/contracts/admin-inbox';
import { apiFetch } from '#client/lib/api-client';
import { inboxSearchOf, type InboxView } from '../inbox-search';

/** Every inbox query (lists and messages) sits under this key; admin keys drop at sign-out. */
export const inboxQueryRoot = ['admin', 'inbox'] as const;

/** Every page of the inbox list (any filter), refreshed when a message changes. */
export const inboxListQueryRoot = [...inboxQueryRoot, 'list'] as const;

export const getInbox = (view: InboxView, signal?: AbortSignal) =>
  apiFetch<AdminInboxListResponse>(`/api/admin/inbox?${inboxSearchOf(view).toString()}`, {
    signal,
  });

export const inboxQueryOptions = (view: InboxView) =>
  queryOptions({
    queryKey: [...inboxListQueryRoot, view] as const,
    queryFn: ({ signal }) => getInbox(view, signal),
    // New messages arrive at any time: coming back to the list shows them.
    staleTime: 0,
  });

/** One page of the inbox; the previous page stays on screen while the next one loads. */
export const useInbox = (view: InboxView) =>
  useQuery({ ...inboxQueryOptions(view), placeholderData: keepPreviousData });
