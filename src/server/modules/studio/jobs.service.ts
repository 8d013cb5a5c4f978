import type { Job } from '#shared/contracts/jobs';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { studioMessages } from './studio-messages.ts';

/** Background jobs as the admin screens follow them: one job's state, and its cancel. */
export function createAdminJobsService(deps: { queue: JobQueue; audit: AuditLog }) {
  const { queue, audit } = deps;

  return {
    async get(id: string): Promise<Job> {
      const job = await queue.get(id);
      if (!job) throw notFound(studioMessages.jobNotFound);
      return job;
    },

    /** Queued: cancelled at once; running: asked to stop; finished: left as it is. */
    async cancel(id: string, actor: Actor): Promise<Job> {
      const job = await queue.cancel(id, (before, tx) =>
        audit.in(tx).record({
          action: 'job_cancelled',
          userId: actor.userId,
          origin: actor.origin,
          details: {
            job_id: before.id,
            kind: before.kind,
            subject_id: before.subjectId,
            status: before.status,
          },
        }),
      );
      if (!job) throw notFound(studioMessages.jobNotFound);
      return job;
    },
  };
}

export type AdminJobsService = ReturnType<typeof createAdminJobsService>;
