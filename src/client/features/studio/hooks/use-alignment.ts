import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { alignmentResultSchema } from '#shared/contracts/studio';
import type { Job } from '#shared/contracts/jobs';
import { isJobActive, useCancelJob, useJob } from '#client/lib/api/admin/get-job';
import { useLatestAlignment } from '../api/get-latest-alignment';
import { useStartAlignment } from '../api/start-alignment';
import { reloadChapter } from '../api/studio-cache';

/**
 * The chapter's alignment: its latest job (one running when the page opens is followed, polled
 * each second), starting one and cancelling it. When a job followed here succeeds, the chapter is
 * read again, so the editor gets the aligned version. So it is too when the page first sees a job
 * that has already made a newer version than the one shown: the chapter may have been read just
 * before the job ended (the wizard's alignment finishing as the studio opens), and the page would
 * otherwise say "No transcript yet" until reloaded.
 */
export function useAlignment(chapterId: string, shownVersion: number | null) {
  const queryClient = useQueryClient();
  const latest = useLatestAlignment(chapterId);
  const followed = useJob(latest.data?.id ?? null);
  const start = useStartAlignment(chapterId);
  const cancel = useCancelJob();
  const [cancelAskedFor, setCancelAskedFor] = useState<string | null>(null);
  const [endedHere, setEndedHere] = useState<string | null>(null);
  const job = followed.data ?? latest.data ?? null;

  const watched = useRef<string | null>(null);
  const caughtUp = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (isJobActive(job)) {
      watched.current = job.id;
    } else if (watched.current === job.id) {
      watched.current = null;
      setEndedHere(job.id);
      if (job.status === 'succeeded') void reloadChapter(queryClient, chapterId);
    } else if (caughtUp.current !== job.id && madeNewerVersion(job, shownVersion)) {
      caughtUp.current = job.id;
      void reloadChapter(queryClient, chapterId);
    }
  }, [job, queryClient, chapterId, shownVersion]);

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

/** Whether a finished alignment job made a version newer than the one the page shows. */
function madeNewerVersion(job: Job, shownVersion: number | null): boolean {
  if (job.status !== 'succeeded') return false;
  const result = alignmentResultSchema.safeParse(job.result);
  return result.success && result.data.version > (shownVersion ?? 0);
}
