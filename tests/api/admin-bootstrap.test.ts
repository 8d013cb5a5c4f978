import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '#server/db/schema';
import { STRONG_PASSWORD } from './helpers/accounts.ts';
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
});
