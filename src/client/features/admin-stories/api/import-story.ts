import { useMutation } from '@tanstack/react-query';
import type { Job } from '#shared/contracts/jobs';
import { apiFetch } from '#client/lib/api-client';

/**
 * A story package (.zip in the format of content/stories/<slug>/, docs/content.md) becomes a
 * draft, or updates the draft of the same slug, in a background job.
 */
export function importStoryPackage(file: File) {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiFetch<{ job: Job }>('/api/admin/stories/import', { method: 'POST', body });
}

export function useImportStoryPackage() {
  return useMutation({
    mutationKey: ['admin', 'stories', 'import'],
    mutationFn: async (file: File) => (await importStoryPackage(file)).job,
    // Each attempt starts a job: the admin decides whether to send the package again.
    retry: false,
  });
}

/** Where a story's package downloads from (the browser saves it: the answer is an attachment). */
export const storyExportUrl = (id: string) => `/api/admin/stories/${encodeURIComponent(id)}/export`;
