import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job } from '#shared/contracts/jobs';
import { apiFetch } from '#client/lib/api-client';

/**
 * Background jobs (decision 021: aligning a chapter, importing a story package). Every screen
 * that starts one (the studio's align panel, the dashboard's import) follows it through these.
 * Under ['admin', …]: dropped at sign-in and sign-out like the rest of the admin's data.
 */
export const jobsQueryRoot = ['admin', 'jobs'] as const;

/** How often a queued or running job is asked again. */
export const JOB_POLL_MS = 1000;

export const isJobActive = (job: Pick<Job, 'status'>) =>
  job.status === 'queued' || job.status === 'running';

export const getJob = (id: string, signal?: AbortSignal) =>
  apiFetch<{ job: Job }>(`/api/admin/jobs/${encodeURIComponent(id)}`, { signal });

export const jobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...jobsQueryRoot, id] as const,
    queryFn: ({ signal }) => getJob(id, signal),
    select: (data) => data.job,
    staleTime: 0,
    // Asked again while it may still change; a finished job never does.
    refetchInterval: (query) => {
      const job = query.state.data?.job;
      return job && !isJobActive(job) ? false : JOB_POLL_MS;
    },
  });

/** One job, followed until it finishes; nothing while `id` is null. */
export const useJob = (id: string | null) =>
  useQuery({ ...jobQueryOptions(id ?? ''), enabled: id !== null });

/** A queued job ends at once; a running one is asked to stop at its next progress report. */
export const cancelJob = (id: string) =>
  apiFetch<{ job: Job }>(`/api/admin/jobs/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...jobsQueryRoot, 'cancel'],
    mutationFn: cancelJob,
    retry: false,
    onSuccess: (data) => {
      queryClient.setQueryData(jobQueryOptions(data.job.id).queryKey, data);
    },
  });
}
