/**
 * The load generator of the signed-in benchmarks (bench/session-check.ts, bench/progress-saves.ts),
 * run as a process of its own so it never shares a CPU queue with the bench script or the server.
 *
 *   node --import tsx bench/session-load.ts '<json plan>'
 *
 * Plans:
 * - `http`: autocannon against one URL, with a session cookie; `saves` turns each request into a
 *   progress save of its connection's own chapter, each newer than the last (a learner's player
 *   saving), so every save is applied rather than refused as older.
 * - `upsert`: the same kind of write without the app: the newest-wins upsert of
 *   `user_story_progress` straight on the database, from `connections` pooled clients in a loop.
 *
 * Prints one JSON line: a LoadResult (bench/api-throughput.ts) without its path.
 */
import { performance } from 'node:perf_hooks';
import autocannon, { type AutocannonRequest } from 'autocannon';
import pg from 'pg';
import type { LoadResult } from './api-throughput.ts';

export interface SaveTarget {
  chapterId: string;
  durationSeconds: number;
}

export type LoadPlan =
  | {
      kind: 'http';
      url: string;
      method: 'GET' | 'POST';
      headers: Record<string, string>;
      connections: number;
      seconds: number;
      /** Progress saves: connection n saves chapter n (modulo the list). */
      saves?: SaveTarget[];
    }
  | {
      kind: 'upsert';
      connectionString: string;
      userId: string;
      saves: SaveTarget[];
      connections: number;
      seconds: number;
    };

export type LoadFigures = Omit<LoadResult, 'path'>;

/** A position early in the chapter: a save that never completes it (no achievements work). */
const POSITION_SECONDS = 5;

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

async function runHttp(plan: Extract<LoadPlan, { kind: 'http' }>): Promise<LoadFigures> {
  const { saves } = plan;
  let nextConnection = 0;
  let clock = Date.now();
  const save = (request: AutocannonRequest, context: { target?: SaveTarget }) => {
    context.target ??= saves![nextConnection++ % saves!.length]!;
    clock += 1;
    return {
      ...request,
      body: JSON.stringify({
        chapterId: context.target.chapterId,
        positionSeconds: POSITION_SECONDS,
        durationSeconds: context.target.durationSeconds,
        clientTimestamp: clock,
        sentAt: clock,
      }),
    };
  };
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    requests: [
      // autocannon calls setupRequest whenever the key is there, even when it is undefined.
      saves
        ? { method: plan.method, headers: plan.headers, setupRequest: save }
        : { method: plan.method, headers: plan.headers },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    ),
  };
}

/** The statement progress.repository.upsertIfNewer runs, as one prepared statement. */
const UPSERT = `
  insert into user_story_progress as p (user_id, chapter_id, progress_percentage, completed,
    last_position_seconds, last_accessed_at, client_updated_at)
  values ($1, $2, $3, false, $4, now(), $5)
  on conflict (user_id, chapter_id) do update set
    completed = p.completed or excluded.completed,
    progress_percentage = case when p.completed or excluded.completed then 100
      else excluded.progress_percentage end,
    last_position_seconds = excluded.last_position_seconds,
    last_accessed_at = now(),
    client_updated_at = excluded.client_updated_at
  where p.client_updated_at is null or p.client_updated_at < excluded.client_updated_at
  returning p.*`;

async function runUpsert(plan: Extract<LoadPlan, { kind: 'upsert' }>): Promise<LoadFigures> {
  const pool = new pg.Pool({ connectionString: plan.connectionString, max: plan.connections });
  const latencies: number[] = [];
  let errors = 0;
  let clock = Date.now();
  const deadline = performance.now() + plan.seconds * 1000;
  const worker = async (index: number) => {
    const target = plan.saves[index % plan.saves.length]!;
    while (performance.now() < deadline) {
      clock += 1;
      const started = performance.now();
      try {
        await pool.query({
          name: 'bench-upsert',
          text: UPSERT,
          values: [
            plan.userId,
            target.chapterId,
            (100 * POSITION_SECONDS) / target.durationSeconds,
            POSITION_SECONDS,
            new Date(clock).toISOString(),
          ],
        });
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: plan.connections }, (_, index) => worker(index)));
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    latencyP50Ms: Math.round(percentile(latencies, 0.5)),
    latencyP99Ms: Math.round(percentile(latencies, 0.99)),
    requests: latencies.length,
    non2xx: 0,
    errors,
    timeouts: 0,
    // Read like an HTTP run's: every statement that answered counts as a 200.
    statusCodes: { '200': latencies.length },
  };
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
const figures = plan.kind === 'upsert' ? await runUpsert(plan) : await runHttp(plan);
console.log(JSON.stringify(figures));
