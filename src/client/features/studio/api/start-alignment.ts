import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '#shared/contracts/jobs';
import type { AlignmentRequest } from '#shared/contracts/studio';
import { apiFetch } from '#client/lib/api-client';
import { jobQueryOptions } from '#client/lib/api/admin/get-job';
import { latestAlignmentQueryOptions } from './get-latest-alignment';
import { studioChapterPath } from './get-studio-chapter';

/** Queues the alignment of the chapter's audio with a text or an untimed transcript. */
export const startAlignment = (chapterId: string, request: AlignmentRequest) =>
  apiFetch<{ job: Job }>(`${studioChapterPath(chapterId)}/alignment`, {
    method: 'POST',
    json: request,
  });

/** Starts an alignment; the job it returns becomes the chapter's latest, followed from there. */
export function useStartAlignment(chapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'studio', chapterId, 'align'],
    mutationFn: (request: AlignmentRequest) => startAlignment(chapterId, request),
    retry: false,
    onSuccess: (data) => {
      queryClient.setQueryData(jobQueryOptions(data.job.id).queryKey, data);
      queryClient.setQueryData(latestAlignmentQueryOptions(chapterId).queryKey, data);
    },
  });
}
