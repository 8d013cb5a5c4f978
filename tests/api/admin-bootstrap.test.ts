import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, devMailboxMessages, userRoles, users } from '#server/db/schema';
import { latestMail, STRONG_PASSWORD } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('ADMIN_EMAIL at start', () => {
  it('two instances starting at once make one administrator and both succeed', async () => {
    const email = 'owner@bootstrap.test';
    const outcomes = await Promise.all([
      t.app.context.services.auth.ensureAdmin(email, STRONG_PASSWORD),
      t.app.context.services.auth.ensureAdmin(email, STRONG_PASSWORD),
    ]);
    expect(outcomes.sort()).toEqual(['created', 'promoted']);
    const accounts = await t.database.db
      .select({ role: userRoles.role, verified: users.emailVerified })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, email));
    expect(accounts).toEqual([{ role: 'admin', verified: true }]);
  });

  it('promotes an account that already exists', async () => {
    const email = 'owner@bootstrap.test';
    expect(await t.app.context.services.auth.ensureAdmin(email, undefined)).toBe('promoted');
  });

  it('sends the administrator it creates no "confirm your account" mail, and lets it sign in', async () => {
    const email = 'operator@bootstrap.test';
    expect(await t.app.context.services.auth.ensureAdmin(email, STRONG_PASSWORD)).toBe('created');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ user: { email, role: 'admin' } });

    // No confirmation link was ever issued for the account...
    const [account] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const confirmations = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, account!.id));
    expect(confirmations.filter((token) => token.kind === 'email_verification')).toEqual([]);

    // ...and once a later mail to the address has arrived (mail goes out in the background, in
    // order), it is the only one there.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(reset.statusCode).toBe(200);
    const resetMail = await latestMail(t, email);
    expect(resetMail.text).toContain('/reset-password?token=');
    const mailbox = await t.database.db
      .select({ subject: devMailboxMessages.subject })
      .from(devMailboxMessages)
      .where(eq(devMailboxMessages.to, email));
    expect(mailbox).toEqual([{ subject: resetMail.subject }]);
  });
});
