import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

export interface DeleteFileVariables {
  id: string;
  /**
   * The administrator confirmed the file's uses: it is removed from all of them, then deleted.
   * Without it the server refuses a file in use (409, its uses in `details.problems`).
   */
  detach: boolean;
}

export const deleteAdminFile = ({ id, detach }: DeleteFileVariables) =>
  apiFetch<undefined>(`/api/admin/files/${encodeURIComponent(id)}${detach ? '?detach=true' : ''}`, {
    method: 'DELETE',
  });

/** Deletes a file (detached from its uses first when asked); stories change, so they refresh too. */
export function useDeleteAdminFile() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminFilesQueryRoot }),
      queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot }),
    ]);
  return useMutation({
    mutationKey: [...adminFilesQueryRoot, 'delete'],
    mutationFn: deleteAdminFile,
    // A refusal means the list was out of date (the file is in use now): refresh it too.
    onSettled: refresh,
  });
}
