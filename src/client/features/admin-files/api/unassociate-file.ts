import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnassociateFileResponse } from '#shared/contracts/admin-files';
import { apiFetch } from '#client/lib/api-client';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

export const unassociateFile = (id: string) =>
  apiFetch<UnassociateFileResponse>(`/api/admin/files/${encodeURIComponent(id)}/association`, {
    method: 'DELETE',
  });

/** Clears every chapter link to a file. */
export function useUnassociateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminFilesQueryRoot, 'unassociate'],
    mutationFn: unassociateFile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminFilesQueryRoot }),
        queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot }),
      ]),
  });
}
