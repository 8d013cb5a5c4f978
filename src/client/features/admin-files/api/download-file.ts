import { useMutation } from '@tanstack/react-query';
import type { AdminFile } from '#shared/contracts/admin-files';
import { ApiError } from '#client/lib/api-client';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

/** The API's error message when the body carries one (`{ error: { message } }`). */
async function errorOf(response: Response): Promise<ApiError> {
  let message = `Request failed with status ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not JSON: keep the status line.
  }
  return new ApiError(response.status, `HTTP_${response.status}`, message);
}

/**
 * Fetches the attachment and saves it under its original name. Fetched rather than followed as
 * a link so a failure can be told ('Download failed') instead of opening an error page.
 */
export async function downloadAdminFile(file: Pick<AdminFile, 'id' | 'originalFilename'>) {
  const url = `/api/admin/files/${encodeURIComponent(file.id)}/download`;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', offlineTexts.serverUnreachable);
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = file.originalFilename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

export const useDownloadAdminFile = () =>
  useMutation({ mutationKey: [...adminFilesQueryRoot, 'download'], mutationFn: downloadAdminFile });
