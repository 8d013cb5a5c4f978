import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssociateFilesResponse } from '#shared/contracts/admin-files';
import { apiFetch } from '#client/lib/api-client';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

export interface AssociateVariables {
  chapterId: string;
  fileIds: string[];
}

export const associateFiles = ({ chapterId, fileIds }: AssociateVariables) =>
  apiFetch<AssociateFilesResponse>(`/api/admin/chapters/${encodeURIComponent(chapterId)}/files`, {
    method: 'POST',
    json: { fileIds },
  });

/** Links one audio file and/or one transcript to a chapter. */
export function useAssociateFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminFilesQueryRoot, 'associate'],
    mutationFn: associateFiles,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminFilesQueryRoot }),
        queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot }),
      ]),
  });
}
