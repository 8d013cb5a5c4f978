import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env';
import { paymentServices } from '#server/db/schema';
import { cardSandboxOnByDefault, seedDefaults } from '#server/db/seed-defaults';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const status = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/support/status' })).json();

/** A new installation: no payment service rows yet, then the start's seeding. */
async function freshInstall(cardServiceOn: boolean) {
  await t.database.db.delete(paymentServices);
  await seedDefaults(t.database.db, { cardServiceOn });
}

describe('the support section on a new installation (issue 14)', () => {
  it('is on with the sandbox checkout in development without a payment provider', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(32), ...env });
    expect(cardSandboxOnByDefault(config({ NODE_ENV: 'development' }))).toBe(true);
    expect(
      cardSandboxOnByDefault(config({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_1' })),
    ).toBe(false);
    expect(cardSandboxOnByDefault(config({ NODE_ENV: 'test' }))).toBe(false);
    expect(
      cardSandboxOnByDefault({ env: 'production', payments: { enableServices: [] } as never }),
    ).toBe(false);
  });

  it('shows the section with the built-in sandbox checkout on a fresh development install', async () => {
    await freshInstall(true);
    expect(await status()).toMatchObject({
      enabled: true,
      card: { enabled: true, sandbox: true },
      wallet: { enabled: false },
    });
  });

  it("keeps an administrator's later choice over the default at every start", async () => {
    await freshInstall(true);
    await t.database.db
      .update(paymentServices)
      .set({ isEnabled: false })
      .where(eq(paymentServices.serviceName, 'stripe'));
    await seedDefaults(t.database.db, { cardServiceOn: true });
    expect((await status()).enabled).toBe(false);
  });

  it('stays hidden on an install that does not start with the sandbox on', async () => {
    await freshInstall(false);
    expect(await status()).toMatchObject({ enabled: false, card: { enabled: false } });
  });
});
