import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog } from '#server/db/schema';
import { STRONG_PASSWORD, uniqueEmail } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Behind a proxy that appends to X-Forwarded-For (nginx's usual setting), the client writes the
 * left-most entry itself. The per-address limits count the address the trusted proxy saw, so
 * rotating that entry buys nothing (issue 23, decision 054).
 */

/** The inject socket (127.0.0.1) stands for the proxy; it appended the address it saw. */
const throughProxy = (clientSaid: string, proxySaw: string) => ({
  'x-forwarded-for': `${clientSaid}, ${proxySaw}`,
});

const post = (t: TestApp, url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** The address the failed sign-in of `email` was recorded from. */
async function recordedAddress(t: TestApp, email: string) {
  const rows = await t.database.db
    .select()
    .from(securityAuditLog)
    .where(eq(securityAuditLog.action, 'failed_signin'));
  return rows.find((row) => row.details.email === email)?.ipAddress;
}

describe('TRUST_PROXY=true: one proxy in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the 31st sign-in from one address however the client fills X-Forwarded-For', async () => {
    const proxySaw = '203.0.113.80';
    for (let attempt = 1; attempt <= 30; attempt++) {
      const res = await post(
        t,
        '/api/auth/sign-in',
        { email: uniqueEmail('target'), password: 'Wrong1234' },
        throughProxy(`198.51.100.${attempt}`, proxySaw),
      );
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const refused = await post(
      t,
      '/api/auth/sign-in',
      { email: uniqueEmail('target'), password: 'Wrong1234' },
      throughProxy('192.0.2.231', proxySaw),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many sign-in attempts. Please try again later.');
    // Another client behind the same proxy is not affected.
    const other = uniqueEmail('other');
    const elsewhere = await post(
      t,
      '/api/auth/sign-in',
      { email: other, password: 'Wrong1234' },
      throughProxy('192.0.2.231', '203.0.113.81'),
    );
    expect(elsewhere.statusCode).toBe(401);
    expect(await recordedAddress(t, other)).toBe('203.0.113.81');
  });

  it('refuses the 11th sign-up in an hour from one address however the client fills X-Forwarded-For', async () => {
    const proxySaw = '203.0.113.90';
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await post(
        t,
        '/api/auth/sign-up',
        { email: uniqueEmail('signup'), password: STRONG_PASSWORD, fullName: 'Ana' },
        throughProxy(`198.51.100.${attempt}`, proxySaw),
      );
      expect(res.statusCode, `sign-up ${attempt}`).toBe(201);
    }
    const refused = await post(
      t,
      '/api/auth/sign-up',
      { email: uniqueEmail('signup'), password: STRONG_PASSWORD, fullName: 'Ana' },
      throughProxy('192.0.2.77', proxySaw),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many sign-up attempts. Please try again later.');
  });

  it('counts the address without the port a proxy may write after it', async () => {
    const email = uniqueEmail('port');
    await post(
      t,
      '/api/auth/sign-in',
      { email, password: 'Wrong1234' },
      { 'x-forwarded-for': '203.0.113.95:51234' },
    );
    expect(await recordedAddress(t, email)).toBe('203.0.113.95');
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback, 10.0.0.0/8' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the right-most address that is not one of the proxies', async () => {
    const email = uniqueEmail('listed');
    const res = await post(
      t,
      '/api/auth/sign-in',
      { email, password: 'Wrong1234' },
      { 'x-forwarded-for': '192.0.2.1, 203.0.113.44, 10.1.2.3' },
    );
    expect(res.statusCode).toBe(401);
    expect(await recordedAddress(t, email)).toBe('203.0.113.44');
  });
});
