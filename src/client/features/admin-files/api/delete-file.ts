import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

export const deleteAdminFile = (id: string) =>
  apiFetch<undefined>(`/api/admin/files/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Deletes a file, its record and its chapter links; chapters change, so stories refresh too. */
export function useDeleteAdminFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminFilesQueryRoot, 'delete'],
    mutationFn: deleteAdminFile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminFilesQueryRoot }),
        queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot }),
      ]),
  });
}
