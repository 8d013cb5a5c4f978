import { apiFetch } from '#client/lib/api-client';

/**
 * The one upload request: `file` as multipart/form-data in the `file` field, the one field every
 * upload route reads (the server's lib/uploads.ts), answered through the API client (a refusal is
 * an ApiError in the common error shape).
 */
export function sendFile<T>(url: string, file: File): Promise<T> {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiFetch<T>(url, { method: 'POST', body });
}
