import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveTranscriptRequest, StudioChapter } from '#shared/contracts/studio';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath } from './get-studio-chapter';
import { showNewVersion } from './studio-cache';

/** Saves the editor's transcript as a new version; 409 when someone saved after `baseVersion`. */
export const saveTranscript = (chapterId: string, request: SaveTranscriptRequest) =>
  apiFetch<StudioChapter>(`${studioChapterPath(chapterId)}/transcript`, {
    method: 'PUT',
    json: request,
  });

/**
 * `onSaved` runs in the same tick as the cache update, so the editor takes the new version as
 * its own before it could look like someone else's.
 */
export function useSaveTranscript(
  chapterId: string,
  onSaved: (chapter: StudioChapter, request: SaveTranscriptRequest) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'studio', chapterId, 'save'],
    mutationFn: (request: SaveTranscriptRequest) => saveTranscript(chapterId, request),
    // Never repeated behind the admin's back: a second try would be refused as a conflict.
    retry: false,
    onSuccess: (chapter, request) => {
      onSaved(chapter, request);
      void showNewVersion(queryClient, chapterId, chapter);
    },
  });
}
