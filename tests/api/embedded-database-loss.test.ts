import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppProcess, stopAllAppProcesses } from './helpers/app-process.ts';

/**
 * The embedded PostgreSQL dies under a running server (decision 028): the server does not limp on
 * without its database; it logs a fatal line and exits non-zero so that its supervisor restarts
 * the whole process.
 */

afterAll(async () => {
  await stopAllAppProcesses();
});

describe('when the embedded PostgreSQL is killed', () => {
  it('the server logs a fatal line and exits non-zero within a bound', async () => {
    const app = await startAppProcess({ env: { LOG_LEVEL: 'info' } });
    const pidFile = path.join(app.dataDir, 'postgres', 'postmaster.pid');
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(postmaster).toBeGreaterThan(0);

    process.kill(postmaster, 'SIGKILL');
    const started = Date.now();
    const { code } = await app.exited;
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();

    const lines = app.lines().filter((line) => line.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const fatal = app.jsonLines().find((line) => line.level === 60);
    expect(fatal).toMatchObject({
      signal: 'SIGKILL',
      msg: expect.stringContaining('embedded PostgreSQL exited unexpectedly'),
    });
    // Shutdown runs to its end after the fatal line. (A listener connection that the dead server
    // reset may still report it in the same moment, so 'stopped' need not be the very last line.)
    const entries = app.jsonLines();
    const stoppedAt = entries.findIndex((line) => line.msg === 'stopped');
    expect(entries[stoppedAt]).toMatchObject({ exitCode: 1 });
    expect(stoppedAt).toBeGreaterThan(entries.indexOf(fatal!));
    // No server is left holding the data directory: a restart can take it over.
    expect(fs.existsSync(path.join(app.dataDir, 'server.pid'))).toBe(false);
  }, 90_000);
});
