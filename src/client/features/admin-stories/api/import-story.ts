import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportStoryResponse } from '#shared/contracts/story-packages';
import { sendFile } from '#client/lib/uploads/send-file';
import { refreshStories } from './story-mutations';

/**
 * A story package (.zip in the format of content/stories/<slug>/, docs/content.md) becomes a
 * draft, or updates the story of the same slug; chapters that came without timings are aligned
 * in background jobs, which the answer lists.
 */
export const importStoryPackage = (file: File) =>
  sendFile<ImportStoryResponse>('/api/admin/stories/import', file);

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
