/**
 * Start-up of an installed clone (issue 13, decision 027): `npm start` → ready, with a data
 * directory that already exists (budget ≤ 3 s), and the resident memory of the server plus its
 * embedded PostgreSQL at idle (budget ≤ 300 MB).
 *
 * Method. The server runs as `npm start` runs it (`node scripts/launch.mjs server/index`: the
 * compiled server, built first if missing or stale) on a data directory of its own under .bench/,
 * with the demo library. A first start initialises it (cluster, migrations, seed) and is not
 * counted; then RUNS starts are timed from spawn to the first 200 of GET /api/health/live (the
 * server listens only after migrations and seeding, so that is ready). After the last start the
 * server idles IDLE_MS, then the VmRSS of its whole process tree (node and every PostgreSQL
 * process) is summed; PSS (shared pages counted once) is printed beside it.
 *
 * Floors, measured in the same run: `node -e 0` (the cost of any Node process), the embedded
 * PostgreSQL started alone on the same data directory (what the server must wait for), and the
 * memory of that PostgreSQL at idle plus a bare Node process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './lib/free-port.ts';
import { processTree } from './lib/process-tree.ts';
import { projectRoot } from './lib/paths.ts';
import type { Row } from './lib/table.ts';

export const START_UP_BUDGET_MS = 3000;
export const IDLE_MEMORY_BUDGET_MB = 300;
const RUNS = 3;
const IDLE_MS = 5000;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

interface Memory {
  rssMb: number;
  pssMb: number;
  processes: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function kilobytes(file: string, field: string): number {
  try {
    const match = fs.readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function treeMemory(pids: number[]): Memory {
  const tree = [...new Set(pids.flatMap(processTree))];
  const sum = (file: string, field: string) =>
    tree.reduce((total, pid) => total + kilobytes(`/proc/${pid}/${file}`, field), 0) / 1024;
  return {
    rssMb: sum('status', 'VmRSS'),
    pssMb: sum('smaps_rollup', 'Pss'),
    processes: tree.length,
  };
}

interface Started {
  child: ChildProcess;
  readyMs: number;
  /** CPU time (user + system) the server's process spent until ready: less sensitive to load. */
  cpuMs: number;
  stop(): Promise<void>;
}

/** Starts `node <args>` and resolves once GET <url> answers 200. */
async function startAndWait(args: string[], env: NodeJS.ProcessEnv, url: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on(
    'data',
    (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up:\n${stderr.trim()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) {
        const readyMs = performance.now() - started;
        return { child, readyMs, cpuMs: processCpuMs(child.pid!), stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  await stop();
  throw new Error(`no answer from ${url} within ${START_TIMEOUT_MS} ms:\n${stderr.trim()}`);
}

/** utime + stime of a process, from /proc/<pid>/stat (fields 14 and 15, in clock ticks). */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

function timeNodeNoop(): number {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

/**
 * The embedded PostgreSQL alone on the data directory (the server stopped): time to accept
 * connections, and its memory at idle beside a bare Node process (the child that holds it).
 */
async function measurePostgresAlone(dataDir: string): Promise<{ startMs: number; memory: Memory }> {
  const module = pathToFileURL(path.join(projectRoot, 'dist/server/db/embedded-postgres.js')).href;
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(module)});
    const started = performance.now();
    const handle = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: 0, databaseName: 'relatos' });
    console.log(JSON.stringify({ startMs: performance.now() - started }));
    process.once('SIGTERM', () => void handle.stop().then(() => process.exit(0)));
    setInterval(() => undefined, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('\n')) resolve(output.split('\n')[0]!);
      });
      child.once('exit', (code) => reject(new Error(`PostgreSQL alone exited (${code})`)));
    });
    const { startMs } = JSON.parse(line) as { startMs: number };
    await sleep(IDLE_MS);
    return { startMs, memory: treeMemory([child.pid!]) };
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

export async function measureStartUp(
  log: (message: string) => void,
): Promise<{ rows: Row[]; details: string[] }> {
  // Under the project (not a mode-700 temporary directory), so that as root the unprivileged
  // PostgreSQL user keeps its cluster inside the data directory, as on an installed clone.
  fs.mkdirSync(path.join(projectRoot, '.bench'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(projectRoot, '.bench', 'start-up-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const url = `http://127.0.0.1:${port}/api/health/live`;
  const launch = ['scripts/launch.mjs', 'server/index'];
  try {
    log(
      'start-up: first start (builds what is stale, initialises the data directory; not counted)',
    );
    const first = await startAndWait(launch, env, url);
    await first.stop();

    const times: number[] = [];
    const cpuTimes: number[] = [];
    let memory: Memory | undefined;
    for (let run = 1; run <= RUNS; run++) {
      const server = await startAndWait(launch, env, url);
      times.push(server.readyMs);
      cpuTimes.push(server.cpuMs);
      if (run === RUNS) {
        await sleep(IDLE_MS);
        memory = treeMemory([server.child.pid!]);
      }
      await server.stop();
    }
    const nodeNoop = median([timeNodeNoop(), timeNodeNoop(), timeNodeNoop()]);
    const postgres = await measurePostgresAlone(dataDir);
    const startMs = median(times);

    const rows: Row[] = [
      {
        figure: `Start-up, npm start → ready, existing data dir (ms, median of ${RUNS})`,
        value: String(Math.round(startMs)),
        budget: `≤ ${START_UP_BUDGET_MS}`,
        status: startMs <= START_UP_BUDGET_MS ? 'pass' : 'FAIL',
      },
      {
        figure: '  floor: embedded PostgreSQL alone → accepting (ms)',
        value: String(Math.round(postgres.startMs)),
        budget: '',
        status: 'info',
      },
      {
        figure: '  floor: node -e 0 (ms)',
        value: String(Math.round(nodeNoop)),
        budget: '',
        status: 'info',
      },
      {
        figure: `Idle memory, server + PostgreSQL (MB, sum of VmRSS)`,
        value: memory!.rssMb.toFixed(0),
        budget: `≤ ${IDLE_MEMORY_BUDGET_MB}`,
        status: memory!.rssMb <= IDLE_MEMORY_BUDGET_MB ? 'pass' : 'FAIL',
      },
      {
        figure: '  floor: PostgreSQL alone + bare node (MB, VmRSS)',
        value: postgres.memory.rssMb.toFixed(0),
        budget: '',
        status: 'info',
      },
    ];
    const details = [
      '',
      `Start-up (bench/start-up.ts; ${RUNS} timed starts of \`node scripts/launch.mjs server/index\`, demo library):`,
      `  ready after ${times.map((time) => `${Math.round(time)} ms`).join(', ')}; ` +
        `CPU time of the server process until then ${cpuTimes.map((time) => `${Math.round(time)} ms`).join(', ')} ` +
        `(load average ${os.loadavg()[0]!.toFixed(1)}: on a busy machine wall time exceeds CPU time)`,
      `  idle after ${IDLE_MS / 1000} s: ${memory!.processes} processes, VmRSS ${memory!.rssMb.toFixed(1)} MB, ` +
        `PSS ${memory!.pssMb.toFixed(1)} MB (shared pages counted once)`,
      `  PostgreSQL alone + its Node holder: ${postgres.memory.processes} processes, VmRSS ${postgres.memory.rssMb.toFixed(1)} MB, ` +
        `PSS ${postgres.memory.pssMb.toFixed(1)} MB`,
    ];
    return { rows, details };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { formatTable } = await import('./lib/table.ts');
  const result = await measureStartUp((message) => console.log(`[bench] ${message}`));
  console.log(`\n${formatTable(result.rows)}\n${result.details.join('\n')}\n`);
  process.exitCode = result.rows.some((row) => row.status === 'FAIL') ? 1 : 0;
}
