/**
 * `npm run bench`: the performance figures of the project against their budgets.
 *
 * 1. First-load JavaScript of `/` (kB gzip), budget ≤ 120.
 * 2. Story-list API throughput: GET /api/stories against a near-trivial route of the same stack
 *    (GET /api/docs/json, served from @fastify/swagger's in-memory cache), same load for both;
 *    budget: stories/trivial ≥ 0.25. GET /api/health is no reference: it queries the database.
 *
 * The server runs in its own process (tests/e2e/support/start-server.ts, fresh data directory,
 * loopback only) and so does the load generator (autocannon). Every step has a bounded duration.
 * Not a test: it prints a table and exits 1 when a budget is missed.
 */
import { measureFirstLoadJs } from './first-load-js.ts';
import { measureThroughput, type LoadOptions, type LoadResult } from './api-throughput.ts';
import { ensureClientBuild } from './lib/build.ts';
import { killActiveCommands } from './lib/process.ts';
import { startServer, type RunningServer } from './lib/server.ts';
import { formatTable, type Row } from './lib/table.ts';

const FIRST_LOAD_BUDGET_KB = 120;
const THROUGHPUT_RATIO_BUDGET = 0.25;
const STORIES_PATH = '/api/stories';
const TRIVIAL_PATH = '/api/docs/json';
/** Informational only: the JSON 404 of an unknown API path, the cheapest answer of the stack. */
const NOT_FOUND_PATH = '/api/bench-trivial-404';

const load: LoadOptions = {
  connections: 10,
  warmupSeconds: 2,
  durationSeconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
};

const log = (message: string) => console.log(`[bench] ${message}`);
const rps = (result: LoadResult) => `${Math.round(result.requestsPerSecond)} req/s`;
const clean = (result: LoadResult) =>
  result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
const problems = (result: LoadResult) =>
  `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`;

async function main(): Promise<number> {
  await ensureClientBuild(log);
  log('starting the server (fresh data directory, demo library)');
  const server: RunningServer = await startServer();
  // Ctrl-C during the runs: stop the server (and its PostgreSQL) before leaving.
  const interrupt = () => {
    log('interrupted: stopping the server');
    killActiveCommands();
    void server.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  log(`server ready at ${server.baseUrl}`);

  const rows: Row[] = [];
  const details: string[] = [];
  try {
    log('measuring the first-load JavaScript of / in Chromium');
    const firstLoad = await measureFirstLoadJs(server.baseUrl, '/');
    rows.push({
      figure: 'First-load JS of / (kB gzip -9)',
      value: firstLoad.totalGzipKb.toFixed(1),
      budget: `≤ ${FIRST_LOAD_BUDGET_KB}`,
      status: firstLoad.totalGzipKb <= FIRST_LOAD_BUDGET_KB ? 'pass' : 'FAIL',
    });
    details.push(`First-load scripts of / (${firstLoad.files.length} files):`);
    for (const file of firstLoad.files) {
      details.push(
        `  ${(file.gzipBytes / 1000).toFixed(1).padStart(7)} kB gzip  ` +
          `${(file.rawBytes / 1000).toFixed(1).padStart(7)} kB raw  ${file.path}`,
      );
    }

    const seconds = `${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.durationSeconds} s`;
    log(`load: ${STORIES_PATH} (${seconds})`);
    const stories = await measureThroughput(server.baseUrl, STORIES_PATH, load);
    log(`load: ${TRIVIAL_PATH} (${seconds})`);
    const trivial = await measureThroughput(server.baseUrl, TRIVIAL_PATH, load);
    log(`load: ${NOT_FOUND_PATH} (${seconds}, informational)`);
    const notFound = await measureThroughput(server.baseUrl, NOT_FOUND_PATH, load);

    const ratio = stories.requestsPerSecond / trivial.requestsPerSecond;
    const valid = clean(stories) && clean(trivial);
    rows.push(
      {
        figure: `GET ${STORIES_PATH}`,
        value: rps(stories),
        budget: '',
        status: clean(stories) ? 'info' : 'FAIL',
      },
      {
        figure: `GET ${TRIVIAL_PATH} (reference)`,
        value: rps(trivial),
        budget: '',
        status: clean(trivial) ? 'info' : 'FAIL',
      },
      {
        figure: 'Ratio stories / reference',
        value: ratio.toFixed(2),
        budget: `≥ ${THROUGHPUT_RATIO_BUDGET}`,
        status: valid && ratio >= THROUGHPUT_RATIO_BUDGET ? 'pass' : 'FAIL',
      },
      {
        figure: `GET ${NOT_FOUND_PATH} (JSON 404)`,
        value: rps(notFound),
        budget: '',
        status: 'info',
      },
      {
        figure: 'Ratio stories / JSON 404',
        value: (stories.requestsPerSecond / notFound.requestsPerSecond).toFixed(2),
        budget: '',
        status: 'info',
      },
    );
    details.push('', `Load runs (${seconds}, autocannon in its own process):`);
    for (const result of [stories, trivial, notFound]) {
      details.push(
        `  ${result.path.padEnd(24)} ${rps(result).padStart(12)}  p50 ${result.latencyP50Ms} ms` +
          `  p99 ${result.latencyP99Ms} ms  ${result.requests} requests  ${problems(result)}`,
      );
    }
  } finally {
    log('stopping the server');
    await server.stop();
  }

  console.log(`\n${formatTable(rows)}\n\n${details.join('\n')}\n`);
  const failed = rows.filter((row) => row.status === 'FAIL');
  if (failed.length > 0) {
    console.log(`Budget missed: ${failed.map((row) => row.figure).join('; ')}`);
    return 1;
  }
  console.log('All budgets met.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[bench] failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
