import {
  uploadRules,
  type FileUploadResponse,
  type UploadKind,
} from '#shared/contracts/admin-files';
import { sendFile } from '#client/lib/uploads/send-file';
import { adminFilesQueryRoot } from './get-files';

export interface AdminFileUpload {
  file: File;
  kind: UploadKind;
}

/**
 * `POST /api/admin/files` (the Files page's cards, the story wizard): into the bucket of the
 * file's kind; a story cover asks for the cover rule (5 MB) rather than the bucket's image rule.
 * Each call stores a new file, so its mutations never retry behind the admin's back.
 */
export function uploadAdminFile({ file, kind }: AdminFileUpload) {
  const query = new URLSearchParams({ bucket: uploadRules[kind].bucket });
  if (kind === 'cover') query.set('kind', 'cover');
  return sendFile<FileUploadResponse>(`/api/admin/files?${query.toString()}`, file);
}

export const uploadAdminFileMutationKey = [...adminFilesQueryRoot, 'upload'] as const;
