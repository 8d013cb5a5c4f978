import { useMutation } from '@tanstack/react-query';
import type { Transcript, TranscriptSegment } from '#shared/transcript';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath } from './get-studio-chapter';

/** Aligns one sentence again, within the audio around it; the editor's unsaved edits included. */
export const realignSegment = (chapterId: string, transcript: Transcript, segmentId: string) =>
  apiFetch<{ segment: TranscriptSegment }>(`${studioChapterPath(chapterId)}/realign-segment`, {
    method: 'POST',
    json: { transcript, segmentId },
  });

export function useRealignSegment(chapterId: string) {
  return useMutation({
    mutationKey: ['admin', 'studio', chapterId, 'realign'],
    mutationFn: ({ transcript, segmentId }: { transcript: Transcript; segmentId: string }) =>
      realignSegment(chapterId, transcript, segmentId),
    retry: false,
  });
}
