import type { FileUploadResponse } from '#shared/contracts/admin-files';
import type { Bucket } from '#shared/files';
import { apiFetch } from '#client/lib/api-client';

export interface UploadVariables {
  file: File;
  bucket: Bucket;
}

/** multipart/form-data with the file in the `file` field; the bucket sets the server's rule. */
export function uploadAdminFile({ file, bucket }: UploadVariables) {
  const body = new FormData();
  body.set('file', file, file.name);
  const query = new URLSearchParams({ bucket });
  return apiFetch<FileUploadResponse>(`/api/admin/files?${query.toString()}`, {
    method: 'POST',
    body,
  });
}
