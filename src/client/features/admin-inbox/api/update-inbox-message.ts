import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxMessageResponse } from '#shared/contracts/admin-inbox';
import { apiFetch } from '#client/lib/api-client';
import { dashboardQueryOptions } from '#client/lib/api/admin/get-dashboard';
import { inboxListQueryRoot, inboxQueryRoot } from './get-inbox';
import { inboxMessageQueryOptions } from './get-inbox-message';

export interface UpdateInboxMessageInput {
  id: string;
  handled: boolean;
}

export const updateInboxMessage = ({ id, handled }: UpdateInboxMessageInput) =>
  apiFetch<InboxMessageResponse>(`/api/admin/inbox/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { handled },
  });

/**
 * Marks a message handled or open again. The message shows its new state at once; the lists
 * and the dashboard's open count are fetched again. The caller decides what to toast.
 */
export function useUpdateInboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...inboxQueryRoot, 'update'],
    mutationFn: updateInboxMessage,
    onSuccess: (response) => {
      queryClient.setQueryData(inboxMessageQueryOptions(response.message.id).queryKey, response);
      void queryClient.invalidateQueries({ queryKey: inboxListQueryRoot });
      void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey });
    },
  });
}
