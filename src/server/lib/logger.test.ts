import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactPaths, withoutQueryParameters } from './logger.ts';

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
