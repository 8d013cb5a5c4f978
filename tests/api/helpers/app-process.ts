/**
 * The real server (`node --import tsx src/server/index.ts`, as `npm start` runs it without a
 * build) in a child process, for tests that need what an in-process app cannot show: several
 * instances on one database, start-up, signals and shutdown, the log lines a process writes.
 *
 *   const app = await startAppProcess({ env: { DATABASE_URL: url, LOG_LEVEL: 'info' } });
 *   await fetch(`${app.baseUrl}/api/health/live`);
 *   expect(await app.stop('SIGTERM')).toBe(0);
 *   expect(app.jsonLines().some((line) => line.msg === 'shutting down')).toBe(true);
 *
 * Every process started here is stopped when its test file's worker exits, however the tests
 * ended, and `stop` kills with SIGKILL when the signal is not obeyed within its bound. Still call
 * `stop` (or `stopAllAppProcesses`) in `afterAll`: the embedded PostgreSQL of an app running
 * without DATABASE_URL is only stopped by the app's own shutdown, never by SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

const ENTRY = path.resolve(import.meta.dirname, '../../../src/server/index.ts');
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');

export interface AppProcessOptions {
  /**
   * Environment on top of this process's own and the defaults below; a value of `undefined`
   * removes the variable (e.g. `AUTH_SECRET: undefined` to make sure none is inherited).
   * Defaults: NODE_ENV=test, HOST=127.0.0.1, PORT=<a free port>, PUBLIC_URL=<the base URL>,
   * DATA_DIR=<a new temporary directory>, SEED_DEMO_CONTENT=false, LOG_LEVEL=warn. PORT=0 (or
   * none) means a free port chosen here.
   */
  env?: Record<string, string | undefined>;
  /** Bound of the wait for readiness; default 60 s (start-up compiles TypeScript with tsx). */
  readyTimeoutMs?: number;
  /**
   * false: return as soon as the process is spawned (to watch a start that should fail, or to
   * call `ready()` later).
   */
  waitUntilReady?: boolean;
}

export interface AppProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppProcess {
  /** http://127.0.0.1:<port>, where this instance listens (not PUBLIC_URL, which may be a proxy). */
  baseUrl: string;
  port: number;
  pid: number;
  /** DATA_DIR of this instance; removed by `stop` when this helper created it. */
  dataDir: string;
  child: ChildProcess;
  /** Every line written so far, stdout and stderr interleaved in arrival order. */
  lines(): string[];
  /** The lines that are JSON objects (structured log lines), parsed. */
  jsonLines(): Array<Record<string, unknown>>;
  /** Resolves with the first line (past or future) matching `predicate`; rejects after the bound. */
  waitForLine(predicate: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /**
   * Resolves once the instance is ready (see `isReady`); rejects, after stopping the process, when
   * it exits first or is not ready within `timeoutMs`. `startAppProcess` calls it unless told not to.
   */
  ready(timeoutMs?: number): Promise<void>;
  /** Settles when the process has exited (at once if it already has). */
  exited: Promise<AppProcessExit>;
  /**
   * Sends `signal`, waits for the exit and returns the exit code (null when killed by a signal).
   * After `timeoutMs` without an exit the process is killed with SIGKILL. Safe to call twice.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

const running = new Set<AppProcess>();
// Last resort when a test file ends without stopping its processes (a failed hook, a timeout):
// the worker exits and takes them along instead of leaving servers on the shared machine.
process.once('exit', () => {
  for (const app of running) app.child.kill('SIGKILL');
});

/** A TCP port nothing listens on right now (the OS's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A temporary DATA_DIR the embedded PostgreSQL's own user can also enter when tests run as root. */
export function createDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-app-process-'));
  fs.chmodSync(dir, 0o755);
  return dir;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: `${inject('pgServerUrl')}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, EMPTY database (no tables: the app migrates it) on the API tests' PostgreSQL server, for
 * an app process's DATABASE_URL. In-process tests want `createTestDatabase` (migrated) instead.
 */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `process_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return {
    url: `${inject('pgServerUrl')}/${name}`,
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** Ready: the readiness route answers 200 (listening, database reachable). */
async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false; // not listening yet
  }
}

export async function startAppProcess(options: AppProcessOptions = {}): Promise<AppProcess> {
  const given = options.env ?? {};
  // The app must listen on a port known beforehand (it does not print the one it got for PORT=0).
  const port = given.PORT && given.PORT !== '0' ? Number(given.PORT) : await freePort();
  const ownDataDir = given.DATA_DIR === undefined;
  const dataDir = given.DATA_DIR ?? createDataDir();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    SEED_DEMO_CONTENT: 'false',
    LOG_LEVEL: 'warn',
    ...given,
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  for (const key of Object.keys(given)) if (given[key] === undefined) delete env[key];

  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const lines: string[] = [];
  const lineWaiters = new Set<(line: string) => void>();
  const collect = (stream: NodeJS.ReadableStream) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        for (const waiter of lineWaiters) waiter(line);
      }
    });
    stream.on('end', () => {
      if (partial) lines.push(partial);
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);

  const exited = new Promise<AppProcessExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(handle);
      resolve({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  let stopping: Promise<number | null> | undefined;
  const stop = (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000) => {
    stopping ??= (async () => {
      if (!hasExited) child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const { code } = await exited;
      clearTimeout(killer);
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    })();
    return stopping;
  };

  const output = () => lines.slice(-40).join('\n');
  const handle: AppProcess = {
    baseUrl,
    port,
    pid: child.pid!,
    dataDir,
    child,
    lines: () => [...lines],
    jsonLines: () =>
      lines.flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    waitForLine: (predicate, timeoutMs = 30_000) => {
      const seen = lines.find(predicate);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = (line: string) => {
          if (!predicate(line)) return;
          cleanup();
          resolve(line);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching line within ${timeoutMs} ms; last lines:\n${output()}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          lineWaiters.delete(waiter);
        };
        lineWaiters.add(waiter);
      });
    },
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await isReady(baseUrl))) {
        if (hasExited) {
          const { code, signal } = await exited;
          await stop();
          throw new Error(
            `app process exited before it was ready (code ${code}, signal ${signal}):\n${output()}`,
          );
        }
        if (Date.now() > deadline) {
          await stop('SIGKILL');
          throw new Error(`app process not ready within ${timeoutMs} ms; last lines:\n${output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    exited,
    stop,
  };

  running.add(handle);
  if (options.waitUntilReady !== false) await handle.ready(options.readyTimeoutMs);
  return handle;
}

/** Stops every app process still running (for `afterAll`), each with SIGTERM and the bound. */
export async function stopAllAppProcesses(): Promise<void> {
  await Promise.all([...running].map((app) => app.stop()));
}
