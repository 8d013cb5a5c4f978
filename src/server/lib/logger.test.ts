import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLogger,
  LOG_HOLD_MS,
  logDestination,
  logSerializers,
  redactPaths,
  REQUEST_LINE_MESSAGE,
  withoutQueryParameters,
} from './logger.ts';

const TOKEN = 'session-token-Zx81qP';

/** What a logger with the app's serializers writes for `{ err }`. */
function logged(err: unknown): string {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  pino({ redact: redactPaths, serializers: logSerializers }, sink).error({ err }, 'request failed');
  return lines.join('');
}

const failedQuery = () =>
  new DrizzleQueryError(
    'select "user_id" from "sessions" where "token" = $1',
    [TOKEN],
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
  );

describe('logged errors', () => {
  it('keep a failed query statement but never its parameters', () => {
    const line = logged(failedQuery());
    expect(line).not.toContain(TOKEN);
    expect(line).toContain('select \\"user_id\\" from \\"sessions\\"');
    expect(line).toContain('canceling statement due to statement timeout');
    expect(JSON.parse(line).err.code).toBeUndefined();
  });

  it('lose the parameters of a query error deeper in the cause chain', () => {
    const wrapped = new Error('could not resolve the session', { cause: failedQuery() });
    const line = logged(wrapped);
    expect(line).not.toContain(TOKEN);
    expect(line).toContain('could not resolve the session');
  });

  it('leave other errors as they are', () => {
    const plain = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    expect(withoutQueryParameters(plain)).toBe(plain);
    expect(JSON.parse(logged(plain)).err).toMatchObject({ message: 'disk full', code: 'ENOSPC' });
  });
});

describe("the process's log destination", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-log-'));
    file = path.join(dir, 'log');
    fs.writeFileSync(file, '');
  });
  /** A destination writing to the test's file (closing it closes the file). */
  const fileDestination = () => logDestination(fs.openSync(file, 'a'));
  afterEach(() => {
    vi.useRealTimers();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const messages = () =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  const requestLine = (logger: ReturnType<typeof createLogger>, route: string) =>
    logger.child({ reqId: route }).info({ route, status: 200 }, REQUEST_LINE_MESSAGE);

  it('holds request lines and writes them, in order, before the next other line', () => {
    const destination = fileDestination();
    const logger = createLogger('info', destination);
    requestLine(logger, '/a');
    requestLine(logger, '/b');
    // One write per request cost a busy instance a sixth of its CPU (issue 26).
    expect(messages()).toEqual([]);
    logger.warn('database unavailable');
    expect(messages()).toEqual(['request', 'request', 'database unavailable']);
    logger.info('listening');
    expect(messages()).toHaveLength(4);
    destination.close();
  });

  it('writes a held request line within LOG_HOLD_MS', () => {
    vi.useFakeTimers();
    const destination = fileDestination();
    requestLine(createLogger('info', destination), '/a');
    expect(messages()).toEqual([]);
    vi.advanceTimersByTime(LOG_HOLD_MS);
    expect(messages()).toEqual(['request']);
    destination.close();
  });

  it('writes the held request lines when the process exits', () => {
    const script = path.join(dir, 'exits.ts');
    fs.writeFileSync(
      script,
      `import { createLogger } from ${JSON.stringify(path.resolve(import.meta.dirname, 'logger.ts'))};
       const logger = createLogger('info');
       for (const route of ['/a', '/b', '/c']) logger.info({ route }, 'request');
       process.exit(3);`,
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    expect(child.status).toBe(3);
    const routes = child.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { route: string }).route);
    expect(routes).toEqual(['/a', '/b', '/c']);
  });
});
