import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authTokens,
  profiles,
  securityAuditLog,
  sessions,
  userPreferences,
  userRoles,
  users,
} from '#server/db/schema';
import { hashToken } from '#server/modules/auth/accounts.repository';
import {
  confirm,
  cookiesFrom,
  latestMail,
  mailCount,
  signedInUser,
  signUp,
  STRONG_PASSWORD,
  tokenFrom,
  uniqueEmail,
} from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const auditCount = async (action: string, email?: string) => {
  const rows = await t.database.db
    .select()
    .from(securityAuditLog)
    .where(eq(securityAuditLog.action, action));
  return email ? rows.filter((row) => row.details.email === email).length : rows.length;
};

describe('sign-up', () => {
  it('creates a profile, the user role and default preferences, and sends a confirmation link', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      fullName: 'Ana García',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email });
    expect(res.headers['set-cookie']).toBeUndefined();

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(false);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ fullName: 'Ana García', email, avatarUrl: null });
    const [role] = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, user!.id));
    expect(role!.role).toBe('user');
    const [prefs] = await t.database.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, user!.id));
    expect(prefs).toMatchObject({ playbackSpeed: 1, theme: 'auto', preferredLanguage: 'en' });

    const mail = await latestMail(t, email);
    expect(mail.subject).toContain('Confirm');
    expect(mail.text).toContain('http://localhost:3000/email-confirmation?token=');
    expect(mail.html).toContain('/email-confirmation?token=');
  });

  it('ignores a body that tries to set a role or other protected fields', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      fullName: 'Mallory',
      role: 'admin',
      emailVerified: true,
      id: 'chosen-id',
    });
    expect(res.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.id).not.toBe('chosen-id');
    expect(user!.emailVerified).toBe(false);
    const [role] = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, user!.id));
    expect(role!.role).toBe('user');
  });

  it.each([
    ['short', 'Password must be at least 8 characters long'],
    ['alllowercase1', 'Password must contain at least one uppercase letter'],
    ['ALLUPPERCASE1', 'Password must contain at least one lowercase letter'],
    ['NoDigitsHere', 'Password must contain at least one number'],
    [`Aa1${'x'.repeat(125)}`, 'Password must be less than 128 characters'],
  ])('refuses the weak password %s with the spec message', async (password, message) => {
    const res = await post('/api/auth/sign-up', {
      email: uniqueEmail(),
      password,
      fullName: 'Ana',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(res.json().error.details.problems).toContain(message);
  });

  it('refuses a malformed or overlong email and a name over 255 characters', async () => {
    const bad = await post('/api/auth/sign-up', {
      email: 'not-an-email',
      password: STRONG_PASSWORD,
      fullName: 'A',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid email address');
    const long = await post('/api/auth/sign-up', {
      email: `${'a'.repeat(250)}@example.com`,
      password: STRONG_PASSWORD,
      fullName: 'A',
    });
    expect(long.statusCode).toBe(400);
    const name = await post('/api/auth/sign-up', {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      fullName: 'n'.repeat(256),
    });
    expect(name.statusCode).toBe(400);
  });

  it('answers a second sign-up with the same email like the first (no account enumeration)', async () => {
    const { email } = await signUp(t);
    const again = await post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      fullName: 'Other',
    });
    expect(again.statusCode).toBe(201);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('refuses the fourth sign-up with one email within 15 minutes and mails its owner no more', async () => {
    const email = uniqueEmail('target');
    const attempt = (address: string, as = email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: address,
        payload: { email: as, password: STRONG_PASSWORD, fullName: 'Someone' },
      });
    // From three different addresses: the per-email limit holds whoever sends them.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await attempt(address)).statusCode).toBe(201);
    }
    // Mail goes out in the background: wait for all three before counting.
    await expect.poll(() => mailCount(t, email), { timeout: 5000 }).toBe(3);
    // The same address written differently counts as the same address.
    const refused = await attempt('198.51.100.4', email.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many sign-up attempts. Please try again later.');
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // The same wait, in whole seconds, for HTTP clients and proxies.
    expect(refused.headers['retry-after']).toBe(
      String(Math.ceil(refused.json().error.details.retryAfterSeconds)),
    );
    expect(await mailCount(t, email)).toBe(3);
  });

  it('limits sign-ups with many emails from one client address', async () => {
    const fromOneAddress = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: '203.0.113.9',
        payload: { email, password: STRONG_PASSWORD, fullName: 'Bulk' },
      });
    for (let i = 0; i < 10; i++) {
      expect((await fromOneAddress(uniqueEmail('bulk'))).statusCode).toBe(201);
    }
    const email = uniqueEmail('bulk');
    const refused = await fromOneAddress(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many sign-up attempts. Please try again later.');
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: '203.0.113.10',
      payload: { email, password: STRONG_PASSWORD, fullName: 'Bulk' },
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('email confirmation', () => {
  it('signs the user in with a link that works once', async () => {
    const { email } = await signUp(t);
    const mail = await latestMail(t, email);
    const token = tokenFrom(mail.text, '/email-confirmation');
    const first = await post('/api/auth/confirm-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email, emailVerified: true, role: 'user' });
    const cookie = cookiesFrom(first);
    expect(cookie).toContain('relatos.session_token=');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user.email).toBe(email);

    // The same link again: says the account is confirmed, and signs nobody in.
    const second = await post('/api/auth/confirm-email', { token });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'ALREADY_CONFIRMED',
      message: 'Your email is already confirmed',
    });
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a used link of an account that is not confirmed a failed link', async () => {
    const { email } = await signUp(t);
    const token = tokenFrom((await latestMail(t, email)).text, '/email-confirmation');
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(200);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, email));
    const again = await post('/api/auth/confirm-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'Confirmation Failed',
    });
  });

  it('reports an expired link as expired', async () => {
    const { email } = await signUp(t);
    const token = tokenFrom((await latestMail(t, email)).text, '/email-confirmation');
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const res = await post('/api/auth/confirm-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: 'Confirmation Link Expired',
    });
  });

  it('reports an invented link as failed', async () => {
    const res = await post('/api/auth/confirm-email', { token: 'made-up-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'Confirmation Failed',
    });
  });

  it('resends a confirmation link, and a new link works', async () => {
    const { email } = await signUp(t);
    await latestMail(t, email);
    const res = await post('/api/auth/resend-confirmation', { email });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 50 && (await mailCount(t, email)) < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await mailCount(t, email)).toBe(2);
    expect((await confirm(t, email)).statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  it('refuses an unconfirmed account and says why', async () => {
    const { email, password } = await signUp(t);
    const res = await post('/api/auth/sign-in', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(res.json().error.message).toContain('confirm your email');
  });

  it('signs in with a session cookie that lasts only with "remember me"', async () => {
    const user = await signedInUser(t);
    const brief = await post('/api/auth/sign-in', {
      email: user.email,
      password: user.password,
      rememberMe: false,
    });
    expect(brief.statusCode).toBe(200);
    const briefCookie = ([] as string[])
      .concat(brief.headers['set-cookie'] as string[])
      .find((c) => c.includes('session_token='))!;
    expect(briefCookie).not.toMatch(/Max-Age|Expires/i);

    const lasting = await post('/api/auth/sign-in', {
      email: user.email,
      password: user.password,
      rememberMe: true,
    });
    const lastingCookie = ([] as string[])
      .concat(lasting.headers['set-cookie'] as string[])
      .find((c) => c.includes('session_token='))!;
    expect(lastingCookie).toMatch(/Max-Age=\d+/i);
    expect(await auditCount('successful_signin')).toBeGreaterThanOrEqual(2);
  });

  it('records failed and successful sign-ins once each, with IP and user agent from the request', async () => {
    const user = await signedInUser(t);
    const before = await auditCount('failed_signin', user.email);
    const res = await post(
      '/api/auth/sign-in',
      { email: user.email, password: 'Wrong1234' },
      { 'user-agent': 'AuditTest/1.0' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid email or password');
    const rows = (
      await t.database.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'failed_signin'))
    ).filter((row) => row.details.email === user.email);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      userAgent: 'AuditTest/1.0',
      ipAddress: '127.0.0.1',
      userId: user.userId,
    });
    expect(rows.at(-1)!.details).toMatchObject({
      ip_address: '127.0.0.1',
      user_agent: 'AuditTest/1.0',
    });
  });

  it('refuses the 6th attempt in 15 minutes, even from a different X-Forwarded-For', async () => {
    const user = await signedInUser(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await post(
        '/api/auth/sign-in',
        { email: user.email, password: 'Wrong1234' },
        { 'x-forwarded-for': `203.0.113.${attempt}` },
      );
      expect(res.statusCode).toBe(401);
    }
    const sixth = await post(
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': '198.51.100.77' },
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe('Too many sign-in attempts. Please try again later.');
    expect(sixth.headers['set-cookie']).toBeUndefined();
    expect(await auditCount('rate_limited_signin', user.email)).toBe(1);
  });

  it('lets the sign-in proceed when the limiter store fails', async () => {
    const user = await signedInUser(t);
    const db = t.database.db;
    await db.execute('alter table rate_limits rename to rate_limits_away');
    try {
      const res = await post('/api/auth/sign-in', { email: user.email, password: user.password });
      expect(res.statusCode).toBe(200);
    } finally {
      await db.execute('alter table rate_limits_away rename to rate_limits');
    }
  });
});

describe('sign-out and sessions', () => {
  it('ends the session on the server', async () => {
    const user = await signedInUser(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(204);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: user.cookie },
    });
    expect(session.json().user).toBeNull();
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    expect(rows).toHaveLength(0);
  });

  it('extends a session close to expiry and says it refreshed', async () => {
    const user = await signedInUser(t);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: user.cookie },
    });
    expect(fresh.json().refreshed).toBe(false);
    // Make the session two days old: older than the refresh age of one day.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.database.db
      .update(sessions)
      .set({
        expiresAt: new Date(Date.now() + 5 * 86_400_000),
        updatedAt: twoDaysAgo,
        createdAt: twoDaysAgo,
      })
      .where(eq(sessions.userId, user.userId));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: user.cookie },
    });
    expect(res.json().refreshed).toBe(true);
    expect(new Date(res.json().session.expiresAt).getTime()).toBeGreaterThan(
      Date.now() + 6.9 * 86_400_000,
    );
  });

  it('answers a visitor with no user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.json()).toEqual({ user: null, session: null, refreshed: false });
  });
});

describe('forgot and reset password', () => {
  it('gives the same answer for known and unknown emails, in similar time', async () => {
    const user = await signedInUser(t);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post('/api/auth/forgot-password', { email });
      return { res, ms: performance.now() - started };
    };
    const known = await timed(user.email);
    const unknown = await timed(uniqueEmail('nobody'));
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.statusCode).toBe(200);
    expect(known.res.body).toBe(unknown.res.body);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    expect(await auditCount('password_reset_requested', user.email)).toBe(1);
  });

  it('allows 3 requests per 15 minutes per email', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const fourth = await post('/api/auth/forgot-password', { email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(
      'Please wait before requesting another password reset',
    );
  });

  it('resets with a single-use link, ends every session, and audits each step once', async () => {
    const user = await signedInUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = tokenFrom((await latestMail(t, user.email)).text, '/reset-password');
    expect((await post('/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: true,
    });

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'Nuevo4567' });
    expect(reset.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: user.cookie },
    });
    expect(old.json().user).toBeNull();
    expect(
      (await post('/api/auth/sign-in', { email: user.email, password: 'Nuevo4567' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'Otro98765' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'Invalid Reset Link',
    });
    expect((await post('/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: false,
    });

    const rows = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, user.userId)));
    const count = (action: string) => rows.filter((row) => row.action === action).length;
    expect(count('password_updated')).toBe(1);
    expect(count('password_reset_success')).toBe(1);
  });

  it('lets exactly one of two concurrent resets with one token succeed', async () => {
    const user = await signedInUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = tokenFrom((await latestMail(t, user.email)).text, '/reset-password');
    const results = await Promise.all([
      post('/api/auth/reset-password', { token, newPassword: 'Primero111' }),
      post('/api/auth/reset-password', { token, newPassword: 'Segundo222' }),
    ]);
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    expect(await auditCount('password_reset_failed')).toBeGreaterThanOrEqual(1);
  });

  it('refuses a weak new password with the spec messages and keeps the link usable', async () => {
    const user = await signedInUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = tokenFrom((await latestMail(t, user.email)).text, '/reset-password');
    const weak = await post('/api/auth/reset-password', { token, newPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.problems).toContain(
      'Password must be at least 8 characters long',
    );
    expect((await post('/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: true,
    });
  });

  it('refuses an invented link', async () => {
    const res = await post('/api/auth/reset-password', { token: 'nope', newPassword: 'Valido123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid Reset Link');
  });
});

describe('account deletion', () => {
  it('needs the password, then deletes the account and its rows', async () => {
    const user = await signedInUser(t);
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: user.cookie },
      payload: { password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: user.cookie },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.userId))).toHaveLength(
      0,
    );
    expect(
      await t.database.db.select().from(profiles).where(eq(profiles.id, user.userId)),
    ).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(userPreferences)
        .where(eq(userPreferences.userId, user.userId)),
    ).toHaveLength(0);
  });

  it('is refused to visitors', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
