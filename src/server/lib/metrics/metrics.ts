import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from 'prom-client';
import { jobStatuses, type JobStatus } from '#shared/contracts/jobs';
import type { Mailer } from '../mail/mailer.ts';

/** What the app's metrics read when they are scraped (never on the request path). */
export interface MetricSources {
  pool: { totalCount: number; idleCount: number; waitingCount: number };
  /** Live-progress event streams open on this instance. */
  openProgressStreams(): number;
  /** Background jobs of the whole installation by status (one query per scrape). */
  jobCounts(): Promise<Partial<Record<JobStatus, number>>>;
}

/**
 * Process metrics (CPU, memory, event-loop lag, GC) belong to the process, not to one app: tests
 * build many apps in one process, and each collector starts timers of its own. One registry per
 * process holds them; each app's registry is merged with it when scraped.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'relatos_' });
  }
  return processRegistry;
}

/** Request durations are mostly milliseconds; uploads and alignment starts take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The app's Prometheus metrics (decision 031): one instance per app, built in app.ts. */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'relatos_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const mailSent = new Counter({
    name: 'relatos_mail_messages_total',
    help: 'Mail messages this instance tried to send, by result',
    labelNames: ['result'] as const,
    registers,
  });
  // Both results exist from the start, so a rate() over them works before the first failure.
  mailSent.inc({ result: 'sent' }, 0);
  mailSent.inc({ result: 'failed' }, 0);

  new Gauge({
    name: 'relatos_db_pool_connections',
    help: 'Database pool connections of this instance, by state',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { totalCount, idleCount, waitingCount } = sources.pool;
      this.set({ state: 'total' }, totalCount);
      this.set({ state: 'idle' }, idleCount);
      this.set({ state: 'busy' }, totalCount - idleCount);
      // Requests waiting for a connection: the pool is too small for the load.
      this.set({ state: 'waiting' }, waitingCount);
    },
  });
  new Gauge({
    name: 'relatos_progress_streams_open',
    help: 'Live-progress event streams open on this instance',
    registers,
    collect() {
      this.set(sources.openProgressStreams());
    },
  });
  new Gauge({
    name: 'relatos_background_jobs',
    help: 'Background jobs of the installation, by status',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const counts = await sources.jobCounts();
      for (const status of jobStatuses) this.set({ status }, counts[status] ?? 0);
    },
  });

  return {
    /** One finished request: its route pattern (never the raw URL, which carries ids and tokens). */
    observeRequest(request: {
      method: string;
      route: string | undefined;
      statusCode: number;
      seconds: number;
    }) {
      requestDuration.observe(
        {
          method: request.method,
          route: request.route ?? 'unmatched',
          status_code: String(request.statusCode),
        },
        request.seconds,
      );
    },

    /** The mailer, counting what it sends and what fails. */
    countingMailer(mailer: Mailer): Mailer {
      return {
        kind: mailer.kind,
        async send(message) {
          try {
            await mailer.send(message);
          } catch (error) {
            mailSent.inc({ result: 'failed' });
            throw error;
          }
          mailSent.inc({ result: 'sent' });
        },
      };
    },

    /** The text Prometheus scrapes: this app's metrics and the process's. */
    async exposition(): Promise<{ contentType: RegistryContentType; body: string }> {
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
