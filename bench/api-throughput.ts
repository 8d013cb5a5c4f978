import { runCommand } from './lib/process.ts';
import { binPath, projectRoot } from './lib/paths.ts';

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses by HTTP status. */
  statusCodes: Record<string, number>;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

async function autocannon(url: string, connections: number, seconds: number) {
  // A separate process, so the load generator does not share a CPU queue with this script.
  const result = await runCommand(
    binPath('autocannon'),
    ['-j', '-n', '-c', String(connections), '-d', String(seconds), url],
    { cwd: projectRoot, timeoutMs: (seconds + 30) * 1000 },
  );
  if (result.code !== 0) {
    throw new Error(`autocannon failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  return JSON.parse(result.stdout) as AutocannonJson;
}

/** Whether every answer of the run had `status`, with no connection error or timeout. */
export function allAnswered(result: LoadResult, status: number): boolean {
  const counted = Object.values(result.statusCodes).reduce((sum, count) => sum + count, 0);
  return (
    result.errors === 0 &&
    result.timeouts === 0 &&
    counted > 0 &&
    result.statusCodes[String(status)] === counted
  );
}

/** A warm-up run (discarded), then the measured run, against one path of the server. */
export async function measureThroughput(
  baseUrl: string,
  path: string,
  options: LoadOptions,
): Promise<LoadResult> {
  const url = new URL(path, baseUrl).href;
  await autocannon(url, options.connections, options.warmupSeconds);
  const json = await autocannon(url, options.connections, options.durationSeconds);
  return {
    path,
    requestsPerSecond: json.requests.average,
    latencyP50Ms: json.latency.p50,
    latencyP99Ms: json.latency.p99,
    requests: json.requests.total,
    non2xx: json.non2xx,
    errors: json.errors,
    timeouts: json.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(json.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    ),
  };
}
