/**
 * A production instance of the app for the capacity bench: the compiled server (dist/server,
 * `npm run build`), NODE_ENV=production, in a process of its own, either on its own embedded
 * PostgreSQL (a fresh data directory) or on an external one through DATABASE_URL. Its metrics
 * are read at /metrics with a token, its memory and CPU from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runningServerConnection } from '#server/db/embedded-postgres';
import { projectRoot } from './paths.ts';

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;
const SESSION_COOKIE = 'relatos.session_token';

export interface ProductionInstance {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** The instance's database (its own embedded one, or the external one it was given). */
  databaseUrl: string;
  authSecret: string;
  metricsToken: string;
  /** SIGTERM (a graceful stop), SIGKILL after a while. */
  stop(): Promise<void>;
  /** kill -9: the crash of a fault run. */
  kill(): Promise<void>;
}

export interface InstanceOptions {
  port: number;
  /** External PostgreSQL; absent: the instance's own embedded one. */
  databaseUrl?: string;
  /** Shared by instances behind one proxy (sessions are signed with it). */
  authSecret?: string;
  /** Shared storage directory of instances behind one proxy; absent: a fresh one. */
  dataDir?: string;
  extraEnv?: NodeJS.ProcessEnv;
  /**
   * Writes a V8 CPU profile of the whole run into this directory when the instance exits
   * (`--cpu-prof`, server.cpuprofile): bench/cpu-profile.ts reads the part of it measured in a
   * window. The bench sets it from CAPACITY_CPU_PROFILE_DIR.
   */
  cpuProfileDir?: string;
}

/** The profile's file name in `cpuProfileDir`. */
export const CPU_PROFILE_FILE = 'server.cpuprofile';

async function waitForLive(child: ChildProcess, baseUrl: string, stderr: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up:\n${stderr().trim()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health/ready within ${START_TIMEOUT_MS} ms`);
}

export async function startProductionInstance(
  options: InstanceOptions,
): Promise<ProductionInstance> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-capacity-'));
  // As root, PostgreSQL runs as an unprivileged user that must be able to enter the directory.
  fs.chmodSync(dataDir, 0o755);
  const authSecret = options.authSecret ?? randomBytes(32).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const profile = options.cpuProfileDir
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${options.cpuProfileDir}`,
        `--cpu-prof-name=${CPU_PROFILE_FILE}`,
      ]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, path.join(projectRoot, 'dist/server/index.js')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        // Production's default: one line per request, read through a pipe as a supervisor
        // (Docker, systemd) reads it. CAPACITY_LOG_LEVEL=warn measures without them.
        LOG_LEVEL: process.env.CAPACITY_LOG_LEVEL ?? 'info',
        DATABASE_URL: options.databaseUrl ?? '',
        EMBEDDED_PG_PORT: '0',
        SEED_DEMO_CONTENT: 'true',
        AUTH_SECRET: authSecret,
        METRICS_TOKEN: metricsToken,
        METRICS_PORT: '',
        // Mail is kept, never sent: no learner of the bench signs up.
        SMTP_URL: '',
        DEV_MAILBOX: 'true',
        S3_BUCKET: '',
        S3_ACCESS_KEY_ID: '',
        S3_SECRET_ACCESS_KEY: '',
        ENABLE_PAYMENT_SERVICES: '',
        STRIPE_SECRET_KEY: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        // One drained instance of a fault run must not hold the others' clients for seconds.
        SHUTDOWN_DRAIN_DELAY_MS: '0',
        ...options.extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  // The log is read and dropped: what the instance pays for it is what it costs behind a pipe.
  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const removeDataDir = () => {
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    removeDataDir();
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    await waitForLive(child, baseUrl, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const databaseUrl = options.databaseUrl ?? runningServerConnection(dataDir);
  if (!databaseUrl) throw new Error(`no running database in ${dataDir}`);
  return {
    baseUrl,
    port: options.port,
    child,
    databaseUrl,
    authSecret,
    metricsToken,
    stop,
    kill,
  };
}

/** The Cookie header of a session token, signed as better-call signs it (session-cookie.ts). */
export function sessionCookie(token: string, authSecret: string): string {
  const signature = createHmac('sha256', authSecret).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * `count` confirmed learners with a session each, written straight into the database (signing
 * up thousands through the API would hit its per-address limits, which are right to be there).
 */
export async function createLearners(
  databaseUrl: string,
  authSecret: string,
  count: number,
): Promise<{ userId: string; cookie: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = randomBytes(4).toString('hex');
  const learners = Array.from({ length: count }, (_, index) => ({
    userId: randomUUID(),
    email: `listener-${run}-${index}@bench.relatos.test`,
    token: randomBytes(24).toString('base64url'),
  }));
  try {
    const batch = 1000;
    for (let start = 0; start < learners.length; start += batch) {
      const slice = learners.slice(start, start + batch);
      const ids = slice.map((learner) => learner.userId);
      const emails = slice.map((learner) => learner.email);
      await client.query('begin');
      await client.query(
        `insert into users (id, name, email, email_verified)
         select id, 'Bench Listener', email, true from unnest($1::text[], $2::text[]) as t(id, email)`,
        [ids, emails],
      );
      await client.query(
        `insert into profiles (id, full_name, email)
         select id, 'Bench Listener', email from unnest($1::text[], $2::text[]) as t(id, email)`,
        [ids, emails],
      );
      await client.query(
        `insert into user_roles (user_id, role) select id, 'user' from unnest($1::text[]) as t(id)`,
        [ids],
      );
      await client.query(
        `insert into sessions (id, token, user_id, expires_at)
         select gen_random_uuid()::text, token, id, now() + interval '1 day'
         from unnest($1::text[], $2::text[]) as t(id, token)`,
        [ids, slice.map((learner) => learner.token)],
      );
      await client.query('commit');
    }
  } finally {
    await client.end();
  }
  return learners.map((learner) => ({
    userId: learner.userId,
    cookie: sessionCookie(learner.token, authSecret),
  }));
}

/** Published chapters with a duration: what the listeners listen to. */
export async function listenableChapters(
  baseUrl: string,
): Promise<{ id: string; durationSeconds: number }[]> {
  const response = await fetch(new URL('/api/stories', baseUrl));
  const { stories } = (await response.json()) as {
    stories: { requiresLogin?: boolean; chapters: { id: string; duration: number | null }[] }[];
  };
  const chapters = stories
    .flatMap((story) => story.chapters)
    .filter((chapter) => chapter.duration !== null && chapter.duration > 30)
    .map((chapter) => ({ id: chapter.id, durationSeconds: chapter.duration! }));
  if (chapters.length === 0) throw new Error('the library has no chapter with a duration');
  return chapters;
}

/** The figures of /metrics the capacity table prints. */
export interface ScrapedMetrics {
  eventLoopP99Ms: number;
  openStreams: number;
  poolWaiting: number;
  cpuSeconds: number;
  /** The V8 heap in use (MB). */
  heapUsedMb: number;
}

export async function scrapeMetrics(instance: ProductionInstance): Promise<ScrapedMetrics> {
  const response = await fetch(`${instance.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${instance.metricsToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const value = (pattern: RegExp) => {
    const match = pattern.exec(text);
    return match ? Number(match[1]) : Number.NaN;
  };
  return {
    // prom-client resets its event-loop histogram at every scrape: this is since the last one.
    eventLoopP99Ms: value(/^relatos_nodejs_eventloop_lag_p99_seconds (\S+)$/m) * 1000,
    openStreams: value(/^relatos_progress_streams_open (\S+)$/m),
    poolWaiting: value(/^relatos_db_pool_connections\{state="waiting"\} (\S+)$/m),
    cpuSeconds: value(/^relatos_process_cpu_seconds_total (\S+)$/m),
    heapUsedMb: value(/^relatos_nodejs_heap_size_used_bytes (\S+)$/m) / 1024 / 1024,
  };
}

/** TCP connections established to this loopback port (the clients' side of each is elsewhere). */
export function establishedConnections(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = fs.readFileSync(file, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is field 1 (ADDR:PORT), st is field 3 (01: established).
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '01') count += 1;
    }
  }
  return count;
}

/** Database-wide counters (pg_stat_database): transactions committed and rows written. */
export async function databaseCounters(
  databaseUrl: string,
): Promise<{ commits: number; statements: number | null }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ xact_commit: string }>(
      'select xact_commit from pg_stat_database where datname = current_database()',
    );
    let statements: number | null = null;
    try {
      const counted = await client.query<{ calls: string }>(
        `select coalesce(sum(calls), 0) as calls from pg_stat_statements
         where dbid = (select oid from pg_database where datname = current_database())`,
      );
      statements = Number(counted.rows[0]!.calls);
    } catch {
      // pg_stat_statements is not loaded on this server
    }
    return { commits: Number(rows[0]!.xact_commit), statements };
  } finally {
    await client.end();
  }
}
