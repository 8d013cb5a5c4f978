import { spawn } from 'node:child_process';
import { freePort, isPortFree } from './free-port.ts';
import { projectRoot } from './paths.ts';

export interface RunningServer {
  /** `http://127.0.0.1:<port>`: loopback only. */
  baseUrl: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

/** BENCH_PORT pins the bench server's port (a machine shared with other runs); else a free one. */
function benchPort(): number | null {
  const given = process.env.BENCH_PORT;
  if (!given) return null;
  const port = Number(given);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`BENCH_PORT must be a port number, not ${given}`);
  }
  return port;
}

/**
 * Starts the app exactly as the end-to-end tests do (tests/e2e/support/start-server.ts: a fresh
 * data directory with the demo library) in its own process, on a free loopback port (or
 * BENCH_PORT, which must be free: another server there would answer in its place), and waits
 * until GET /api/health answers 200.
 */
export async function startServer(): Promise<RunningServer> {
  const pinned = benchPort();
  if (pinned !== null && !(await isPortFree(pinned))) {
    throw new Error(`BENCH_PORT ${pinned} is taken: another server listens there`);
  }
  const port = pinned ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/start-server.ts'], {
    cwd: projectRoot,
    env: { ...process.env, E2E_PORT: String(port), E2E_HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up:\n${stderr.trim()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS} ms`);
}
