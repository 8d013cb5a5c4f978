import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioChapter } from '#shared/contracts/studio';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath } from './get-studio-chapter';
import { showNewVersion } from './studio-cache';

/** Copies an old version into a new one (history only grows). */
export const restoreVersion = (chapterId: string, version: number) =>
  apiFetch<StudioChapter>(
    `${studioChapterPath(chapterId)}/transcript/versions/${version}/restore`,
    { method: 'POST' },
  );

/** `onRestored` runs in the same tick as the cache update (the editor loads the new version). */
export function useRestoreVersion(chapterId: string, onRestored: (chapter: StudioChapter) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'studio', chapterId, 'restore'],
    mutationFn: (version: number) => restoreVersion(chapterId, version),
    retry: false,
    onSuccess: (chapter) => {
      onRestored(chapter);
      void showNewVersion(queryClient, chapterId, chapter);
    },
  });
}
