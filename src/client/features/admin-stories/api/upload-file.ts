import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  uploadRules,
  type FileUploadResponse,
  type UploadKind,
} from '#shared/contracts/admin-files';
import { apiFetch } from '#client/lib/api-client';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

export interface UploadFileVariables {
  file: File;
  kind: UploadKind;
}

/**
 * multipart/form-data with the file in the `file` field, into the bucket of its kind; a story
 * cover asks for the cover rule (5 MB) rather than the bucket's image rule.
 */
export function uploadFile({ file, kind }: UploadFileVariables) {
  const body = new FormData();
  body.set('file', file, file.name);
  const query = new URLSearchParams({ bucket: uploadRules[kind].bucket });
  if (kind === 'cover') query.set('kind', 'cover');
  return apiFetch<FileUploadResponse>(`/api/admin/files?${query.toString()}`, {
    method: 'POST',
    body,
  });
}

export const uploadFileMutationKey = [...adminFilesQueryRoot, 'upload'] as const;

/** Uploads one file; the Files tab's list is refreshed afterwards. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uploadFileMutationKey,
    mutationFn: uploadFile,
    // Each attempt stores a new file: the admin decides whether to send it again.
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminFilesQueryRoot });
    },
  });
}
