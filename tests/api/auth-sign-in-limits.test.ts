import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog } from '#server/db/schema';
import { latestMail, signedInUser, tokenFrom, uniqueEmail } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Sign-in limits beyond the per-email count (decision 029). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const RATE_LIMITED = 'Too many sign-in attempts. Please try again later.';

const signIn = (
  email: string,
  password: string,
  from: { remoteAddress?: string; cookie?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: from.remoteAddress,
    headers: from.cookie ? { cookie: from.cookie } : {},
  });

const setCookies = (res: LightMyRequestResponse) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []);

/** The known-device cookie a successful sign-in set, as a Cookie header. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const cookie = setCookies(res).find((c) => c.startsWith('relatos.known_device='));
  if (!cookie) throw new Error('no known-device cookie was set');
  return cookie.split(';')[0]!;
}

describe('the per-address limit across emails', () => {
  it('refuses a client address the 31st attempt in 15 minutes, whatever the email', async () => {
    const attacker = { remoteAddress: '203.0.113.50' };
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await signIn(uniqueEmail('target'), 'Wrong1234', attacker)).statusCode).toBe(401);
    }
    // A real account with its right password: the address is out of attempts.
    const owner = await signedInUser(t);
    const refused = await signIn(owner.email, owner.password, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(RATE_LIMITED);
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // The same wait, in whole seconds, for HTTP clients and proxies.
    expect(refused.headers['retry-after']).toBe(
      String(Math.ceil(refused.json().error.details.retryAfterSeconds)),
    );
    // The owner, elsewhere, is not affected.
    expect(
      (await signIn(owner.email, owner.password, { remoteAddress: '198.51.100.3' })).statusCode,
    ).toBe(200);
    const audit = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'rate_limited_signin'));
    expect(audit.find((row) => row.details.email === owner.email)?.details).toMatchObject({
      limit: 'signin_address',
    });
  });

  it('does not count loopback clients (this host, or a proxy that is not trusted)', async () => {
    for (let attempt = 1; attempt <= 31; attempt++) {
      expect((await signIn(uniqueEmail('local'), 'Wrong1234')).statusCode).toBe(401);
    }
  });
});

describe('a device that signed in before', () => {
  it('keeps its owner able to sign in while someone else is locked out by wrong passwords', async () => {
    const owner = await signedInUser(t);
    const first = await signIn(owner.email, owner.password, { remoteAddress: '198.51.100.20' });
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(setCookies(first).find((c) => c.startsWith('relatos.known_device='))).toMatch(
      /; Max-Age=\d{7,}; Path=\/api\/auth; HttpOnly; SameSite=Strict/,
    );

    const attacker = { remoteAddress: '203.0.113.66' };
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(owner.email, `Wrong${attempt}234`, attacker)).statusCode).toBe(401);
    }
    // The attacker is limited: even the right password is refused now, without a session.
    const sixth = await signIn(owner.email, owner.password, attacker);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['set-cookie']).toBeUndefined();

    // The owner's browser, from another address, still signs in.
    const back = await signIn(owner.email, owner.password, {
      remoteAddress: '198.51.100.21',
      cookie: device,
    });
    expect(back.statusCode).toBe(200);
    expect(setCookies(back).some((c) => c.includes('session_token='))).toBe(true);
    // ... and keeps its device id.
    expect(deviceCookieOf(back).split('.').slice(0, 2)).toEqual(device.split('.').slice(0, 2));

    // The lock on everyone else stays.
    expect((await signIn(owner.email, owner.password, attacker)).statusCode).toBe(429);
  });

  it('does not help an attacker with a device cookie of their own account or an invented one', async () => {
    const attackerAccount = await signedInUser(t);
    const own = await signIn(attackerAccount.email, attackerAccount.password);
    const attackerDevice = deviceCookieOf(own);
    const victim = await signedInUser(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        (await signIn(victim.email, `Wrong${attempt}234`, { cookie: attackerDevice })).statusCode,
      ).toBe(401);
    }
    expect(
      (await signIn(victim.email, victim.password, { cookie: attackerDevice })).statusCode,
    ).toBe(429);
    const invented = `relatos.known_device=${'A'.repeat(22)}.${'B'.repeat(22)}`;
    expect((await signIn(victim.email, victim.password, { cookie: invented })).statusCode).toBe(
      429,
    );
  });

  it('limits guesses made from the known device itself', async () => {
    const owner = await signedInUser(t);
    const device = deviceCookieOf(await signIn(owner.email, owner.password));
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(owner.email, `Wrong${attempt}234`, { cookie: device })).statusCode).toBe(
        401,
      );
    }
    expect((await signIn(owner.email, owner.password, { cookie: device })).statusCode).toBe(429);
  });
});

describe('an owner locked out on a new device', () => {
  it('signs in again right after resetting the password through the mailed link', async () => {
    const owner = await signedInUser(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(owner.email, `Wrong${attempt}234`, { remoteAddress: '203.0.113.77' });
    }
    const newDevice = { remoteAddress: '198.51.100.40' };
    expect((await signIn(owner.email, owner.password, newDevice)).statusCode).toBe(429);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
    });
    expect(asked.statusCode).toBe(200);
    // Mail goes out in the background: wait for the reset mail, not the earlier confirmation.
    let mailed = '';
    await expect
      .poll(async () => (mailed = (await latestMail(t, owner.email)).text), { timeout: 5000 })
      .toContain('/reset-password?token=');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFrom(mailed, '/reset-password'), newPassword: 'Nuevo4567' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(owner.email, 'Nuevo4567', newDevice)).statusCode).toBe(200);
  });
});
