import { z } from 'zod';

/**
 * Background jobs (decision 021): long work (aligning a recording with its text) runs as a row of
 * `background_jobs`, claimed by any instance's worker, surviving restarts.
 *
 *   GET  /api/admin/jobs/:id          → { job: Job }
 *   POST /api/admin/jobs/:id/cancel   → { job: Job } (queued: cancelled at once; running: asked)
 */
export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobKinds = ['align-chapter'] as const;
export type JobKind = (typeof jobKinds)[number];

export const jobSchema = z.object({
  id: z.uuid(),
  kind: z.enum(jobKinds),
  status: z.enum(jobStatuses),
  /** What the job is doing now, for people ('Decoding the recording', 'Aligning sentences'…). */
  stage: z.string(),
  /** 0–1 of the whole job. */
  progress: z.number().min(0).max(1),
  /** Why it failed, in words an administrator can act on; null otherwise. */
  error: z.string().nullable(),
  /** What it produced (kind-specific), once succeeded. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** The chapter or story it works on. */
  subjectId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobResponseSchema = z.object({ job: jobSchema });
export const jobIdParamsSchema = z.object({ id: z.uuid() });
