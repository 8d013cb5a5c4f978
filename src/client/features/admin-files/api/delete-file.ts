import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { adminFilesKey } from './get-files';

export const deleteAdminFile = (id: string) =>
  apiFetch<undefined>(`/api/admin/files/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Deletes a file, its record and its chapter links; chapters change, so stories refresh too. */
export function useDeleteAdminFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminFilesKey, 'delete'],
    mutationFn: deleteAdminFile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminFilesKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'stories'] }),
      ]),
  });
}
