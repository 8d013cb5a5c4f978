import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { devMailboxMessages, userRoles, users } from '#server/db/schema';
import type { TestApp } from './test-app.ts';

export const STRONG_PASSWORD = 'Secreto123';

export const uniqueEmail = (prefix = 'learner') =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

/** The cookies a response sets, as a Cookie request header. */
export function cookiesFrom(res: LightMyRequestResponse): string {
  const setCookie = res.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The newest message the development mailbox kept for this address. Mail is sent in the background. */
export async function latestMail(t: TestApp, to: string, attempts = 50) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const [message] = await t.database.db
      .select()
      .from(devMailboxMessages)
      .where(eq(devMailboxMessages.to, to))
      .orderBy(desc(devMailboxMessages.createdAt))
      .limit(1);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail for ${to}`);
}

export async function mailCount(t: TestApp, to: string) {
  const rows = await t.database.db
    .select()
    .from(devMailboxMessages)
    .where(eq(devMailboxMessages.to, to));
  return rows.length;
}

export function tokenFrom(text: string, page: '/email-confirmation' | '/reset-password'): string {
  const match = new RegExp(`${page}\\?token=([^\\s&]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

export async function signUp(
  t: TestApp,
  email = uniqueEmail(),
  password = STRONG_PASSWORD,
  fullName = 'Ana García',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password, fullName },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { email, password };
}

export async function confirm(t: TestApp, email: string) {
  const message = await latestMail(t, email);
  const token = tokenFrom(message.text, '/email-confirmation');
  return t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
}

/** A confirmed, signed-in account; returns its cookie header and id. */
export async function signedInUser(t: TestApp, options: { role?: 'user' | 'admin' } = {}) {
  const { email, password } = await signUp(t);
  const confirmed = await confirm(t, email);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (options.role === 'admin') {
    await t.database.db
      .update(userRoles)
      .set({ role: 'admin' })
      .where(eq(userRoles.userId, user!.id));
  }
  return { email, password, userId: user!.id, cookie: cookiesFrom(confirmed) };
}
