import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CleanupFilesBody, CleanupFilesResponse } from '#shared/contracts/admin-files';
import { apiFetch } from '#client/lib/api-client';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

export const cleanUpFiles = (body: CleanupFilesBody) =>
  apiFetch<CleanupFilesResponse>('/api/admin/files/cleanup', { method: 'POST', json: body });

/** Removes the confirmed unused files; the server keeps any used or uploaded meanwhile. */
export function useCleanUpFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminFilesQueryRoot, 'cleanup'],
    mutationFn: cleanUpFiles,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFilesQueryRoot }),
  });
}
