/**
 * A job worker in a process of its own, for the test of a worker that dies mid-job: it claims
 * the next `align-chapter` job of the database given as argument, prints `{"running": <job id>}`
 * once its handler has started, and then works forever, reporting progress, until the test kills
 * the process (SIGKILL: no clean shutdown, no release, the heartbeats simply stop).
 */
import pino from 'pino';
import { connectDatabase } from '#server/db/client';
import { createNotifyChannel } from '#server/db/notify-channel';
import { JOBS_CHANNEL, type JobMessage } from '#server/lib/jobs/job-queue';
import { createJobWorker } from '#server/lib/jobs/job-worker';
import { createJobsRepository } from '#server/lib/jobs/jobs.repository';

const connectionString = process.argv[2];
if (!connectionString) throw new Error('usage: job-worker-process.ts <database url>');
const log = pino({ level: 'silent' });
const database = connectDatabase(connectionString, 2);

const worker = createJobWorker({
  jobs: createJobsRepository({ db: database.db }),
  channel: createNotifyChannel<JobMessage>({
    db: database.db,
    connectionString,
    name: JOBS_CHANNEL,
    log,
  }),
  handlers: {
    'align-chapter': async (context) => {
      process.stdout.write(`${JSON.stringify({ running: context.jobId })}\n`);
      for (let step = 0; ; step++) {
        context.reportProgress('Working in the doomed process', (step % 100) / 100);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  },
  options: {
    concurrency: 1,
    pollIntervalMs: 100,
    heartbeatIntervalMs: 100,
    staleAfterMs: 60_000,
    shutdownGraceMs: 0,
  },
  log,
  workerId: 'doomed-process',
});
await worker.start();
