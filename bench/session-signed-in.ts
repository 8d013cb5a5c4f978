/**
 * What the signed-in benchmarks share: a session on the bench server (the administrator
 * start-server.ts creates), the load generator (bench/session-load.ts) in its own process, and
 * the lines they print.
 */
import { E2E_ADMIN } from '../tests/e2e/support/accounts.ts';
import type { LoadOptions, LoadResult } from './api-throughput.ts';
import { projectRoot } from './lib/paths.ts';
import { runCommand } from './lib/process.ts';
import { startServer } from './lib/server.ts';
import { formatTable, type Row } from './lib/table.ts';
import type { LoadPlan } from './session-load.ts';

export interface SignedIn {
  userId: string;
  /** The Cookie header of the session. */
  cookie: string;
  /** Headers every signed-in request sends (a same-origin Origin, as the browser does). */
  headers: Record<string, string>;
}

/** Signs in as the bench server's administrator (one sign-in: well within its limits). */
export async function signIn(baseUrl: string): Promise<SignedIn> {
  const response = await fetch(new URL('/api/auth/sign-in', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ ...E2E_ADMIN, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  return { userId: user.id, cookie, headers: { cookie, origin: baseUrl } };
}

/** One run of bench/session-load.ts: a discarded warm-up with the same plan, then the measure. */
export async function runLoad(
  path: string,
  plan: (seconds: number) => LoadPlan,
  options: LoadOptions,
): Promise<LoadResult> {
  const run = async (seconds: number) => {
    const result = await runCommand(
      process.execPath,
      ['--import', 'tsx', 'bench/session-load.ts', JSON.stringify(plan(seconds))],
      { cwd: projectRoot, timeoutMs: (seconds + 60) * 1000 },
    );
    const last = result.stdout.trim().split('\n').at(-1);
    if (result.code !== 0 || !last) {
      throw new Error(
        `bench/session-load.ts failed (exit ${result.code}): ${result.stderr.trim()}`,
      );
    }
    return JSON.parse(last) as Omit<LoadResult, 'path'>;
  };
  await run(options.warmupSeconds);
  return { path, ...(await run(options.durationSeconds)) };
}

const answers = (result: LoadResult) =>
  Object.entries(result.statusCodes)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

/** The details line of one run, as bench/run.ts prints its own. */
export const loadLine = (label: string, result: LoadResult) =>
  `  ${label.padEnd(32)} ${`${Math.round(result.requestsPerSecond)} /s`.padStart(10)}` +
  `  p50 ${result.latencyP50Ms} ms  p99 ${result.latencyP99Ms} ms  ${answers(result)}` +
  `  ${result.errors} errors, ${result.timeouts} timeouts`;

export const benchLoad = (): LoadOptions => ({
  connections: 10,
  warmupSeconds: 2,
  durationSeconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
});

/** `node --import tsx bench/<file>.ts`: one measure on a server of its own. */
export async function runAlone(
  measure: (baseUrl: string, load: LoadOptions) => Promise<{ rows: Row[]; details: string[] }>,
) {
  const server = await startServer();
  let failed = true;
  try {
    const { rows, details } = await measure(server.baseUrl, benchLoad());
    console.log(`\n${formatTable(rows)}\n${details.join('\n')}\n`);
    failed = rows.some((row) => row.status === 'FAIL');
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
