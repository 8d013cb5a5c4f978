import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isJobActive, useCancelJob, useJob } from '#client/lib/api/admin/get-job';
import { useLatestAlignment } from '../api/get-latest-alignment';
import { useStartAlignment } from '../api/start-alignment';
import { reloadChapter } from '../api/studio-cache';

/**
 * The chapter's alignment: its latest job (one running when the page opens is followed, polled
 * each second), starting one and cancelling it. When a job followed here succeeds, the chapter is
 * read again, so the editor gets the aligned version.
 */
export function useAlignment(chapterId: string) {
  const queryClient = useQueryClient();
  const latest = useLatestAlignment(chapterId);
  const followed = useJob(latest.data?.id ?? null);
  const start = useStartAlignment(chapterId);
  const cancel = useCancelJob();
  const [cancelAskedFor, setCancelAskedFor] = useState<string | null>(null);
  const [endedHere, setEndedHere] = useState<string | null>(null);
  const job = followed.data ?? latest.data ?? null;

  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (isJobActive(job)) {
      watched.current = job.id;
    } else if (watched.current === job.id) {
      watched.current = null;
      setEndedHere(job.id);
      if (job.status === 'succeeded') void reloadChapter(queryClient, chapterId);
    }
  }, [job, queryClient, chapterId]);

  const cancelJob = useCallback(() => {
    if (!job) return;
    cancel.mutate(job.id, { onSuccess: () => setCancelAskedFor(job.id) });
  }, [cancel, job]);

  return {
    job,
    active: job !== null && isJobActive(job),
    /** The job ran while this page watched it (its outcome is news, not history). */
    finishedHere: job !== null && endedHere === job.id,
    /** A running job stops at its next progress report: "Cancelling…" until it has. */
    cancelling: cancel.isPending || (job !== null && cancelAskedFor === job.id && isJobActive(job)),
    cancelError: cancel.error,
    cancel: cancelJob,
    start,
  };
}
