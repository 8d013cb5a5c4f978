import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The real entry point, as `npm start` runs it (API only: no client build needed). */
const entry = path.resolve('src/server/index.ts');

function startServer(dataDir: string, port: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

let dataDir: string;
let first: ReturnType<typeof startServer>;
let firstPort: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-process-'));
  fs.chmodSync(dataDir, 0o755);
  firstPort = await freePort();
  first = startServer(dataDir, firstPort);
  await waitForHealth(firstPort);
}, 90_000);

afterAll(() => {
  if (first.child.exitCode === null) first.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses a second server on the same data directory, fast and clearly', async () => {
    const started = Date.now();
    const second = startServer(dataDir, await freePort());
    expect(await second.exited).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(second.output()).toContain('already using the data directory');
  }, 30_000);

  it('prints failing configuration and exits non-zero', async () => {
    const bad = startServer(dataDir, firstPort, { PORT: 'eighty', PUBLIC_URL: 'nope' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('PUBLIC_URL');
  }, 30_000);

  it('stops cleanly on SIGTERM, embedded database included', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const clusterPid = path.join(dataDir, 'postgres', 'postmaster.pid');
    expect(fs.existsSync(clusterPid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 30_000);
});
