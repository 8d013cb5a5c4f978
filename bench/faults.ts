/**
 * Faults under load (issue 26): two production instances behind Debian's Caddy, configured as
 * deploy/Caddyfile configures it (round robin, readiness checks, requests retried on the other
 * instance for 5 s), on one external PostgreSQL and one S3-compatible bucket (s3rver), with
 * simulated listeners (bench/lib/listener-model.ts, load generator in its own process) at half
 * the measured capacity. In turn:
 *
 * 1. kill -9 one instance: its listeners' live streams must be open again on the other within
 *    10 s; saves that failed are sent again by the listener (newest wins) and arrive.
 * 2. PostgreSQL stopped for DB_DOWN_S seconds and started again: while it is down the instances
 *    answer 503 with Retry-After; they recover without a restart; the saves the listeners kept
 *    arrive afterwards.
 * 3. The bucket unreachable for STORAGE_DOWN_S seconds: audio requests fail with an answer (no
 *    hang), nothing else fails, audio works again once the bucket is back.
 *
 * At the end every save an instance acknowledged is looked up in the database: the stored save
 * must be that one or a newer one (budget: 0 lost).
 *
 *   node --import tsx bench/faults.ts [--json]      # FAULT_LISTENERS (default 1,000) listeners
 *
 * Needs `caddy` (Debian: apt-get install -y caddy). Ports: 3312 and 3314 (instances), 3313
 * (Caddy), 3318 (s3rver), 3319 (PostgreSQL).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { ensureBuild } from './lib/build.ts';
import { startExternalPostgres } from './lib/external-postgres.ts';
import { LoadGenerator } from './lib/load-generator.ts';
import type { AcknowledgedSave, RequestKind, WindowReport } from './lib/listener-model.ts';
import { projectRoot } from './lib/paths.ts';
import {
  createLearners,
  listenableChapters,
  startProductionInstance,
  type ProductionInstance,
} from './lib/production-instance.ts';
import { budgetRow, formatTable, infoRow, type Row } from './lib/table.ts';

export const RECONNECT_BUDGET_MS = 10_000;
const PORTS = { first: 3312, proxy: 3313, second: 3314, s3: 3318 };
const DB_DOWN_S = 10;
const STORAGE_DOWN_S = 15;
const ARRIVE_S = 10;
/** How long each fault's window runs after the fault (recovery included). */
const AFTER_FAULT_S = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const caddyMissing = () => spawnSync('caddy', ['version']).status !== 0;

/** deploy/Caddyfile with the bench's addresses: the same proxy rules, nothing else changed. */
function caddyfile(): string {
  const deployed = fs.readFileSync(path.join(projectRoot, 'deploy/Caddyfile'), 'utf8');
  const upstreams = `to 127.0.0.1:${PORTS.first} 127.0.0.1:${PORTS.second}`;
  const changed = deployed
    .replace('to app1:3000 app2:3000', upstreams)
    .replace(/^:80 \{/m, `:${PORTS.proxy} {`)
    // No admin endpoint: it would take port 2019, which another Caddy may hold.
    .replace('auto_https off', 'auto_https off\n\tadmin off');
  if (!changed.includes(upstreams) || !changed.includes(`:${PORTS.proxy} {`)) {
    throw new Error('deploy/Caddyfile changed shape: update bench/faults.ts');
  }
  return changed;
}

async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  return Number.POSITIVE_INFINITY;
}

function startCaddy(dir: string): { child: ChildProcess; stop(): Promise<void> } {
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, caddyfile());
  const child = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'ignore', 'ignore'],
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startBucket(dir: string) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: PORTS.s3,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'relatos' }],
  });
  await server.run();
  return server;
}

const errorsOf = (report: WindowReport, kinds?: RequestKind[]) =>
  Object.entries(report.kinds)
    .filter(([kind]) => !kinds || kinds.includes(kind as RequestKind))
    .reduce((total, [, figures]) => total + figures.errors, 0);
const reasons = (report: WindowReport) =>
  Object.entries(report.kinds)
    .filter(([, figures]) => figures.errors > 0)
    .map(
      ([kind, figures]) =>
        `${kind} ${Object.entries(figures.failures)
          .map(([reason, count]) => `${count} × ${reason}`)
          .join(', ')}`,
    )
    .join('; ') || 'none';

/** Acknowledged saves the database no longer holds (nor anything newer in their place). */
async function lostSaves(databaseUrl: string, acknowledged: AcknowledgedSave[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ lost: string }>(
      `select count(*) as lost
       from unnest($1::text[], $2::uuid[], $3::timestamptz[]) as a(user_id, chapter_id, saved_at)
       left join user_story_progress p on p.user_id = a.user_id and p.chapter_id = a.chapter_id
       where p.client_updated_at is null or p.client_updated_at < a.saved_at`,
      [
        acknowledged.map((save) => save.userId),
        acknowledged.map((save) => save.chapterId),
        acknowledged.map((save) => save.savedAt),
      ],
    );
    return Number(rows[0]!.lost);
  } finally {
    await client.end();
  }
}

export interface FaultFigures {
  listeners: number;
  kill: { report: WindowReport; streamsBackMs: number };
  database: { report: WindowReport; recoveredMs: number; downS: number };
  storage: { report: WindowReport; audioBackMs: number; downS: number };
  acknowledged: number;
  lost: number;
}

export async function measureFaults(
  listeners: number,
  log: (message: string) => void,
): Promise<FaultFigures> {
  if (caddyMissing()) {
    throw new Error(
      'caddy is not installed: the fault runs need it as deploy/Caddyfile configures it (Debian: apt-get install -y caddy)',
    );
  }
  await ensureBuild(log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-faults-'));
  fs.chmodSync(dir, 0o755);
  const bucketDir = path.join(dir, 'bucket');
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(bucketDir);
  fs.mkdirSync(dataDir, { mode: 0o755 });
  const external = await startExternalPostgres(log);
  let bucket = await startBucket(bucketDir);
  const proxyUrl = `http://127.0.0.1:${PORTS.proxy}`;
  const authSecret = randomBytes(32).toString('base64url');
  const start = (port: number) =>
    startProductionInstance({
      port,
      databaseUrl: external.url,
      authSecret,
      dataDir,
      extraEnv: {
        PUBLIC_URL: proxyUrl,
        TRUST_PROXY: 'true',
        S3_ENDPOINT: `http://127.0.0.1:${PORTS.s3}`,
        S3_BUCKET: 'relatos',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  const instances: ProductionInstance[] = [];
  let caddy: ReturnType<typeof startCaddy> | undefined;
  let generator: LoadGenerator | undefined;
  try {
    instances.push(await start(PORTS.first));
    instances.push(await start(PORTS.second));
    caddy = startCaddy(dir);
    if (!Number.isFinite(await waitFor(`${proxyUrl}/api/health/ready`, 30_000))) {
      throw new Error('Caddy did not answer through to an instance within 30 s');
    }
    log(`faults: two instances behind Caddy at ${proxyUrl}; ${listeners} listeners arriving`);
    const learners = await createLearners(external.url, authSecret, listeners);
    generator = await LoadGenerator.start({
      baseUrl: proxyUrl,
      learners,
      chapters: await listenableChapters(proxyUrl),
      requestConnections: listeners,
      livenessPerSecond: 5,
    });
    generator.target(listeners, ARRIVE_S * 1000);
    await sleep((ARRIVE_S + 10) * 1000);
    const before = await generator.window();
    log(
      `faults: steady (${before.streamsOpen} streams open, ${errorsOf(before)} errors); kill -9 of one instance`,
    );

    await instances[0]!.kill();
    await sleep(AFTER_FAULT_S * 1000);
    const killReport = await generator.window();
    log(`faults: after kill -9: ${reasons(killReport)}; restarting it`);
    instances[0] = await start(PORTS.first);
    await sleep(10_000);
    await generator.window();

    log(`faults: PostgreSQL stopped for ${DB_DOWN_S} s`);
    await external.restart(DB_DOWN_S * 1000);
    const recoveredMs = await waitFor(`${proxyUrl}/api/health/ready`, 60_000);
    await sleep(AFTER_FAULT_S * 1000);
    const databaseReport = await generator.window();
    log(`faults: after PostgreSQL's restart: ${reasons(databaseReport)}`);

    log(`faults: the bucket unreachable for ${STORAGE_DOWN_S} s`);
    await bucket.close();
    await sleep(STORAGE_DOWN_S * 1000);
    bucket = await startBucket(bucketDir);
    const chapter = (await listenableChapters(proxyUrl))[0]!;
    const audioBackMs = await waitFor(`${proxyUrl}/api/chapters/${chapter.id}/audio`, 60_000);
    await sleep(AFTER_FAULT_S * 1000 - STORAGE_DOWN_S * 1000);
    const storageReport = await generator.window();
    log(`faults: after the bucket came back: ${reasons(storageReport)}`);

    const acknowledged = await generator.stop();
    generator = undefined;
    // A save in flight at the stop may still be written: give the instances a moment.
    await sleep(2000);
    return {
      listeners,
      kill: { report: killReport, streamsBackMs: killReport.longestReconnectMs },
      database: { report: databaseReport, recoveredMs, downS: DB_DOWN_S },
      storage: { report: storageReport, audioBackMs, downS: STORAGE_DOWN_S },
      acknowledged: acknowledged.length,
      lost: await lostSaves(external.url, acknowledged),
    };
  } finally {
    await generator?.stop().catch(() => undefined);
    await caddy?.stop();
    for (const instance of instances) await instance.stop();
    await bucket.close().catch(() => undefined);
    await external.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : 'never');

export function faultRows(figures: FaultFigures): { rows: Row[]; details: string[] } {
  const { kill, database, storage } = figures;
  const dbFailures = Object.values(database.report.kinds).flatMap((kind) =>
    Object.entries(kind.failures),
  );
  const unexplained = dbFailures
    .filter(([reason]) => reason !== '503 Retry-After')
    .reduce((total, [, count]) => total + count, 0);
  const audioFailures = storage.report.kinds.audio.failures;
  const audioUnclean = Object.entries(audioFailures)
    .filter(([reason]) => !/^5\d\d/.test(reason))
    .reduce((total, [, count]) => total + count, 0);
  const otherStorageErrors = errorsOf(
    storage.report,
    (Object.keys(storage.report.kinds) as RequestKind[]).filter((kind) => kind !== 'audio'),
  );
  const rows: Row[] = [
    budgetRow(
      `Fault kill -9 (${figures.listeners} listeners, 2 instances): streams open again (s)`,
      seconds(kill.streamsBackMs),
      `≤ ${RECONNECT_BUDGET_MS / 1000}`,
      kill.streamsBackMs <= RECONNECT_BUDGET_MS,
    ),
    infoRow(
      '  requests failed / streams lost / failed saves that arrived later',
      `${errorsOf(kill.report)} / ${kill.report.streamsLost} / ${kill.report.retriedSavesArrived}`,
    ),
    budgetRow(
      `Fault PostgreSQL down ${database.downS} s: ready again after it is back (s)`,
      seconds(database.recoveredMs),
      'recovers without restart',
      Number.isFinite(database.recoveredMs),
    ),
    budgetRow(
      '  requests failed other than 503 with Retry-After',
      String(unexplained),
      '0',
      unexplained === 0,
    ),
    infoRow(
      '  requests answered 503 Retry-After / failed saves that arrived later',
      `${dbFailures.filter(([reason]) => reason === '503 Retry-After').reduce((total, [, count]) => total + count, 0)} / ${database.report.retriedSavesArrived}`,
    ),
    budgetRow(
      `Fault bucket unreachable ${storage.downS} s: other requests failed`,
      String(otherStorageErrors),
      '0',
      otherStorageErrors === 0,
    ),
    budgetRow(
      '  audio requests failed without an answer (hung or cut)',
      String(audioUnclean),
      '0',
      audioUnclean === 0,
    ),
    budgetRow(
      '  audio answering again after the bucket is back (s)',
      seconds(storage.audioBackMs),
      'automatic',
      Number.isFinite(storage.audioBackMs),
    ),
    budgetRow(
      `Acknowledged saves lost (of ${figures.acknowledged}, checked in the database)`,
      String(figures.lost),
      '0',
      figures.lost === 0,
    ),
  ];
  const details = [
    '',
    `Faults (bench/faults.ts; ${figures.listeners} listeners through Caddy as deploy/Caddyfile, two instances, external PostgreSQL, s3rver; each window ${AFTER_FAULT_S} s from the fault):`,
    `  kill -9:        ${reasons(kill.report)}; longest stream loss → ready ${seconds(kill.streamsBackMs)} s`,
    `  PostgreSQL:     ${reasons(database.report)}; ready ${seconds(database.recoveredMs)} s after it is back`,
    `  bucket:         ${reasons(storage.report)}; audio back ${seconds(storage.audioBackMs)} s after it is`,
  ];
  return { rows, details };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const log = (message: string) => console.error(`[faults] ${message}`);
  const listeners = Number(process.env.FAULT_LISTENERS ?? 1000);
  const { rows, details } = faultRows(await measureFaults(listeners, log));
  if (process.argv.includes('--json')) console.log(JSON.stringify({ rows, details }));
  else console.log(`\n${formatTable(rows)}\n${details.join('\n')}\n`);
  const missed = !process.argv.includes('--json') && rows.some((row) => row.status === 'FAIL');
  process.exit(missed ? 1 : 0);
}
