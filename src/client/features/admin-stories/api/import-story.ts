import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportStoryResponse } from '#shared/contracts/story-packages';
import { apiFetch } from '#client/lib/api-client';
import { refreshStories } from './story-mutations';

/**
 * A story package (.zip in the format of content/stories/<slug>/, docs/content.md) becomes a
 * draft, or updates the story of the same slug; chapters that came without timings are aligned
 * in background jobs, which the answer lists.
 */
export function importStoryPackage(file: File) {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiFetch<ImportStoryResponse>('/api/admin/stories/import', { method: 'POST', body });
}

export function useImportStoryPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'import'],
    mutationFn: importStoryPackage,
    // The admin decides whether to send a package again.
    retry: false,
    onSuccess: () => {
      void refreshStories(queryClient);
    },
  });
}

/** Where a story's package downloads from (the browser saves it: the answer is an attachment). */
export const storyExportUrl = (id: string) => `/api/admin/stories/${encodeURIComponent(id)}/export`;
