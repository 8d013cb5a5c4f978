import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../lib/http/error-handler.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A port on which nothing listens: taken, then released. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that accepts connections and never answers, like a database host that hangs. */
async function silentPort(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as net.AddressInfo).port;
}

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, also wrapped in a Drizzle query error', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://u:p@127.0.0.1:${await deadPort()}/x`,
    });
    closers.push(() => pool.end());
    const error = await errorOf(() => pool.query('select 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error as Error))).toBe(true);
  });

  it('recognises a pool whose connection attempt timed out', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://u:p@127.0.0.1:${await silentPort()}/x`,
      connectionTimeoutMillis: 100,
    });
    closers.push(() => pool.end());
    expect(isDatabaseUnavailable(await errorOf(() => pool.query('select 1')))).toBe(true);
  });

  it('recognises shutdown and connection SQLSTATEs', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves query mistakes and other failures alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57014' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('an unavailable database in the error answer', () => {
  it('is a 503 in the common shape without the internal message', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), {
      code: 'ECONNREFUSED',
    });
    const { status, body } = toErrorResponse(
      new DrizzleQueryError('select * from session where token = $1', ['secret-token'], cause),
    );
    expect(status).toBe(503);
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|secret-token|session/);
  });
});
