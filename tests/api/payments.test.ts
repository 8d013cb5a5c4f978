import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env';
import {
  paymentServices,
  securityAuditLog,
  supportSettings,
  userMemberships,
  userPayments,
} from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Support payments with the built-in sandbox checkout (no STRIPE_SECRET_KEY): status rules,
 * donations, the sandbox pages, verification and the admin support switches. Stripe itself is
 * covered by payments-stripe.test.ts against a local fake of its API.
 */

const PUBLIC_URL = 'http://localhost:3000';
const SAME_ORIGIN = { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' };

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let admin: User;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const as = (
  user: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
  });

/** A form post as the sandbox page's own forms send it. */
const submitForm = (user: { cookie: string } | null, url: string, headers = SAME_ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: '',
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
  });

const status = async () => (await as(null, 'GET', '/api/support/status')).json();

async function setServices(stripe: boolean, paypal: boolean, paypalUrl: string | null = null) {
  const { db } = t.database;
  await db
    .update(paymentServices)
    .set({ isEnabled: stripe })
    .where(eq(paymentServices.serviceName, 'stripe'));
  await db
    .update(paymentServices)
    .set({ isEnabled: paypal, configuration: paypalUrl ? { url: paypalUrl } : {} })
    .where(eq(paymentServices.serviceName, 'paypal'));
}

async function resetSettings() {
  const { db } = t.database;
  for (const [key, value] of [
    ['support_enabled', 'true'],
    ['support_tier_1_amount', '7'],
    ['support_tier_1_description', 'Story Support'],
  ] as const) {
    await db
      .update(supportSettings)
      .set({ settingValue: value })
      .where(eq(supportSettings.settingKey, key));
  }
}

const paymentOf = async (sessionId: string) => {
  const [row] = await t.database.db
    .select()
    .from(userPayments)
    .where(eq(userPayments.checkoutSessionId, sessionId));
  return row;
};
const membershipOf = async (userId: string) => {
  const [row] = await t.database.db
    .select()
    .from(userMemberships)
    .where(eq(userMemberships.userId, userId));
  return row;
};

async function donate(user: User, body: object = { tier: 'tier_1' }) {
  const res = await as(user, 'POST', '/api/payments/donations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; sessionId: string };
}

const sandboxPath = (url: string) => new URL(url).pathname;

describe('support status', () => {
  beforeEach(async () => {
    await resetSettings();
    await setServices(false, false);
  });

  it('is hidden while both payment services are disabled (the seeded default)', async () => {
    expect(await status()).toEqual({
      enabled: false,
      tiers: [
        { id: 'tier_1', amount: 7, description: 'Story Support' },
        { id: 'story_pack', amount: 15, description: 'Story Pack' },
        { id: 'champion', amount: 25, description: 'Champion' },
      ],
      card: { enabled: false, sandbox: false },
      wallet: { enabled: false, url: null },
    });
  });

  it('shows with the card service (the sandbox checkout while Stripe is not configured)', async () => {
    await setServices(true, false);
    expect(await status()).toMatchObject({
      enabled: true,
      card: { enabled: true, sandbox: true },
      wallet: { enabled: false, url: null },
    });
  });

  it('shows with the wallet service only once it has a hosted page', async () => {
    await setServices(false, true);
    expect((await status()).enabled).toBe(false);
    await setServices(false, true, 'https://www.paypal.com/donate/?hosted_button_id=TEST');
    expect(await status()).toMatchObject({
      enabled: true,
      card: { enabled: false },
      wallet: { enabled: true, url: 'https://www.paypal.com/donate/?hosted_button_id=TEST' },
    });
  });

  it('never links to a non-http wallet address', async () => {
    await setServices(false, true, 'javascript:alert(1)');
    expect(await status()).toMatchObject({ enabled: false, wallet: { enabled: false, url: null } });
  });

  it('is hidden when support_enabled is not true, whatever the services', async () => {
    await setServices(true, true, 'https://paypal.example/donate');
    const off = await as(
      admin,
      'PATCH',
      '/api/admin/support-settings',
      { support_enabled: 'false' },
      SAME_ORIGIN,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().settings.support_enabled).toBe('false');
    expect((await status()).enabled).toBe(false);
  });

  it('takes the first tier from the settings, falling back to its defaults', async () => {
    const res = await as(
      admin,
      'PATCH',
      '/api/admin/support-settings',
      { support_tier_1_amount: 9, support_tier_1_description: 'Café' },
      SAME_ORIGIN,
    );
    expect(res.json().settings).toEqual({
      support_enabled: 'true',
      support_tier_1_amount: '9',
      support_tier_1_description: 'Café',
    });
    expect((await status()).tiers[0]).toEqual({ id: 'tier_1', amount: 9, description: 'Café' });

    await t.database.db
      .update(supportSettings)
      .set({ settingValue: 'lots' })
      .where(eq(supportSettings.settingKey, 'support_tier_1_amount'));
    expect((await status()).tiers[0]).toMatchObject({ amount: 7 });
  });

  it('answers get_payment_service_status per service', async () => {
    await setServices(false, true);
    expect((await as(null, 'GET', '/api/payments/services/paypal/status')).json()).toEqual({
      is_enabled: true,
    });
    expect((await as(null, 'GET', '/api/payments/services/stripe/status')).json()).toEqual({
      is_enabled: false,
    });
    expect((await as(null, 'GET', '/api/payments/services/visa/status')).statusCode).toBe(400);
  });

  it('applies ENABLE_PAYMENT_SERVICES and PAYPAL_URL at start, leaving unlisted services alone', async () => {
    const { payments } = loadConfig({
      ENABLE_PAYMENT_SERVICES: 'paypal',
      PAYPAL_URL: 'https://www.paypal.com/donate/?hosted_button_id=ENV',
    });
    await t.app.context.services.payments.applyConfiguredServices(payments);
    expect(await status()).toMatchObject({
      enabled: true,
      card: { enabled: false },
      wallet: { enabled: true, url: 'https://www.paypal.com/donate/?hosted_button_id=ENV' },
    });
    const [paypal] = await t.database.db
      .select()
      .from(paymentServices)
      .where(eq(paymentServices.serviceName, 'paypal'));
    // The description seeded with the row survives: the URL is merged into the configuration.
    expect(paypal!.configuration).toMatchObject({
      url: 'https://www.paypal.com/donate/?hosted_button_id=ENV',
    });
  });
});

describe('admin support settings', () => {
  it('are for administrators only', async () => {
    const user = await signedInUser(t);
    expect((await as(null, 'GET', '/api/admin/support-settings')).statusCode).toBe(401);
    expect((await as(user, 'GET', '/api/admin/support-settings')).statusCode).toBe(403);
    const patch = await as(
      user,
      'PATCH',
      '/api/admin/support-settings',
      { support_enabled: 'false' },
      SAME_ORIGIN,
    );
    expect(patch.statusCode).toBe(403);
    expect((await as(admin, 'GET', '/api/admin/support-settings')).statusCode).toBe(200);
  });

  it('follow the admin spec limits', async () => {
    for (const body of [
      { support_tier_1_amount: 0 },
      { support_tier_1_amount: 1001 },
      { support_tier_1_amount: 2.5 },
      { support_tier_1_description: 'x'.repeat(51) },
      { support_enabled: 'yes' },
      { other_key: 'x' },
    ]) {
      const res = await as(admin, 'PATCH', '/api/admin/support-settings', body, SAME_ORIGIN);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('donations', () => {
  let alice: User;
  beforeAll(async () => {
    alice = await signedInUser(t);
  });
  beforeEach(async () => {
    await resetSettings();
    await setServices(true, false);
  });

  it('need an account', async () => {
    const res = await as(null, 'POST', '/api/payments/donations', { tier: 'tier_1' });
    expect(res.statusCode).toBe(401);
  });

  it('are refused while the card service is off or support is disabled', async () => {
    await setServices(false, false);
    expect(
      (await as(alice, 'POST', '/api/payments/donations', { tier: 'tier_1' })).statusCode,
    ).toBe(409);
    await setServices(true, false);
    await as(
      admin,
      'PATCH',
      '/api/admin/support-settings',
      { support_enabled: 'false' },
      SAME_ORIGIN,
    );
    expect(
      (await as(alice, 'POST', '/api/payments/donations', { tier: 'tier_1' })).statusCode,
    ).toBe(409);
  });

  it('record a pending payment in cents, decided by the server from the tier', async () => {
    const created = await donate(alice, { tier: 'tier_1' });
    expect(created.url).toBe(`${PUBLIC_URL}/api/payments/sandbox/${created.sessionId}`);
    expect(await paymentOf(created.sessionId)).toMatchObject({
      userId: alice.userId,
      amount: 700,
      currency: 'usd',
      paymentStatus: 'pending',
      provider: 'sandbox',
      description: 'Story Support',
    });
    const pack = await donate(alice, { tier: 'story_pack' });
    expect(await paymentOf(pack.sessionId)).toMatchObject({
      amount: 1500,
      description: 'Story Pack',
    });
    const champion = await donate(alice, { tier: 'champion' });
    expect(await paymentOf(champion.sessionId)).toMatchObject({ amount: 2500 });
    const custom = await donate(alice, { tier: 'custom', amount: 12, description: 'For the cats' });
    expect(await paymentOf(custom.sessionId)).toMatchObject({
      amount: 1200,
      description: 'For the cats',
    });
  });

  it('refuse tampered amounts: never taken from anything but the tier or a valid custom amount', async () => {
    const before = await t.database.db
      .select()
      .from(userPayments)
      .where(eq(userPayments.userId, alice.userId));
    for (const body of [
      { tier: 'champion', amount: 1 },
      { tier: 'tier_1', description: 'Free' },
      { tier: 'custom' },
      { tier: 'custom', amount: 0 },
      { tier: 'custom', amount: -5 },
      { tier: 'custom', amount: 1001 },
      { tier: 'custom', amount: 2.5 },
      { tier: 'custom', amount: '7' },
      { tier: 'custom', amount: 7, amountCents: 1 },
      { tier: 'custom', amount: 7, userId: 'someone-else' },
      { tier: 'platinum' },
    ]) {
      const res = await as(alice, 'POST', '/api/payments/donations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = await t.database.db
      .select()
      .from(userPayments)
      .where(eq(userPayments.userId, alice.userId));
    expect(after.length).toBe(before.length);
  });
});

describe('sandbox checkout and verification', () => {
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    await resetSettings();
    await setServices(true, false);
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  beforeEach(async () => {
    await resetSettings();
    await setServices(true, false);
  });

  it('serves a labelled test page with plain forms, to the buyer only', async () => {
    const { url, sessionId } = await donate(alice);
    const page = await as(alice, 'GET', sandboxPath(url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Test payment — no money moves');
    expect(page.body).toContain('$7.00');
    expect(page.body).toContain(`action="/api/payments/sandbox/${sessionId}/confirm"`);
    expect(page.body).toContain(`action="/api/payments/sandbox/${sessionId}/cancel"`);
    expect(page.body).not.toMatch(/<script/i);

    expect((await as(bob, 'GET', sandboxPath(url))).statusCode).toBe(404);
    expect((await as(null, 'GET', sandboxPath(url))).statusCode).toBe(401);
    expect((await as(alice, 'GET', '/api/payments/sandbox/cs_sandbox_unknown')).statusCode).toBe(
      404,
    );
  });

  it('escapes what it shows', async () => {
    const { url } = await donate(alice, { tier: 'custom', amount: 3, description: '<b>hi</b>' });
    const page = await as(alice, 'GET', sandboxPath(url));
    expect(page.body).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(page.body).not.toContain('<b>hi</b>');
  });

  it('grants nothing before the buyer confirms; confirming redirects as Stripe would and grants once', async () => {
    const carol = await signedInUser(t);
    const { sessionId } = await donate(carol, { tier: 'tier_1' });

    const unpaid = await as(carol, 'POST', '/api/payments/verify', { session_id: sessionId });
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json()).toEqual({
      payment_status: 'pending',
      amountCents: 700,
      newlyGranted: false,
    });
    expect(await membershipOf(carol.userId)).toBeUndefined();

    // Someone else cannot confirm it.
    const stolen = await submitForm(bob, `/api/payments/sandbox/${sessionId}/confirm`);
    expect(stolen.statusCode).toBe(404);
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('pending');

    // Nor can another site make the buyer's browser confirm it.
    const forged = await submitForm(carol, `/api/payments/sandbox/${sessionId}/confirm`, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(forged.statusCode).toBe(403);
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('pending');

    const confirmed = await submitForm(carol, `/api/payments/sandbox/${sessionId}/confirm`);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(
      `${PUBLIC_URL}/support-success?amount=7&session_id=${sessionId}`,
    );
    expect(await paymentOf(sessionId)).toMatchObject({
      paymentStatus: 'paid',
      amount: 700,
      currency: 'usd',
    });
    const membership = await membershipOf(carol.userId);
    expect(membership).toMatchObject({ hasLifetimeAccess: true, membershipLevel: 'lifetime' });
    expect(membership!.grantedAt).toBeInstanceOf(Date);

    const verified = await as(carol, 'POST', '/api/payments/verify', { session_id: sessionId });
    expect(verified.json()).toEqual({
      payment_status: 'paid',
      amountCents: 700,
      newlyGranted: true,
    });
    // A reload of the success page verifies again: the grant is announced only once.
    const replayed = await as(carol, 'POST', '/api/payments/verify', { session_id: sessionId });
    expect(replayed.json()).toEqual({
      payment_status: 'paid',
      amountCents: 700,
      newlyGranted: false,
    });
    // A second click on Confirm lands on the same success page and changes nothing.
    const again = await submitForm(carol, `/api/payments/sandbox/${sessionId}/confirm`);
    expect(again.statusCode).toBe(303);
    expect((await membershipOf(carol.userId))!.grantedAt).toEqual(membership!.grantedAt);
    const page = await as(carol, 'GET', `/api/payments/sandbox/${sessionId}`);
    expect(page.body).toContain('This test payment is complete');

    const me = await as(carol, 'GET', '/api/me/membership');
    expect(me.json().membership).toMatchObject({
      hasLifetimeAccess: true,
      membershipLevel: 'lifetime',
    });
  });

  it('says when lifetime access was already held before the payment', async () => {
    const dave = await signedInUser(t);
    const first = await donate(dave);
    await submitForm(dave, `/api/payments/sandbox/${first.sessionId}/confirm`);
    const grantedAt = (await membershipOf(dave.userId))!.grantedAt;

    const second = await donate(dave, { tier: 'champion' });
    await submitForm(dave, `/api/payments/sandbox/${second.sessionId}/confirm`);
    const verified = await as(dave, 'POST', '/api/payments/verify', {
      session_id: second.sessionId,
    });
    expect(verified.json()).toEqual({
      payment_status: 'paid',
      amountCents: 2500,
      newlyGranted: false,
    });
    expect((await membershipOf(dave.userId))!.grantedAt).toEqual(grantedAt);
    const paid = await t.database.db
      .select()
      .from(userPayments)
      .where(and(eq(userPayments.userId, dave.userId), eq(userPayments.paymentStatus, 'paid')));
    expect(paid.map((row) => row.amount).sort()).toEqual([2500, 700]);
  });

  it('cancelling goes back home, expires the payment and it can no longer be confirmed', async () => {
    const erin = await signedInUser(t);
    const { sessionId } = await donate(erin, { tier: 'story_pack' });
    const cancelled = await submitForm(erin, `/api/payments/sandbox/${sessionId}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${PUBLIC_URL}/`);
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('expired');

    const late = await submitForm(erin, `/api/payments/sandbox/${sessionId}/confirm`);
    expect(late.statusCode).toBe(409);
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('expired');
    const verified = await as(erin, 'POST', '/api/payments/verify', { session_id: sessionId });
    expect(verified.json()).toEqual({
      payment_status: 'expired',
      amountCents: 1500,
      newlyGranted: false,
    });
    expect(await membershipOf(erin.userId)).toBeUndefined();
  });

  it("reports unknown sessions and other accounts' sessions as not found, granting nothing", async () => {
    const { sessionId } = await donate(alice);
    await submitForm(alice, `/api/payments/sandbox/${sessionId}/confirm`);

    const foreign = await as(bob, 'POST', '/api/payments/verify', { session_id: sessionId });
    expect(foreign.statusCode).toBe(404);
    const unknown = await as(bob, 'POST', '/api/payments/verify', {
      session_id: 'cs_sandbox_nothing',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await membershipOf(bob.userId)).toBeUndefined();

    expect(
      (await as(null, 'POST', '/api/payments/verify', { session_id: sessionId })).statusCode,
    ).toBe(401);
    for (const session_id of ['', 'x'.repeat(256), '../../etc', 'a b']) {
      expect((await as(alice, 'POST', '/api/payments/verify', { session_id })).statusCode).toBe(
        400,
      );
    }
  });

  it('answers the Stripe webhook with 503 while Stripe is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    });
    expect(res.statusCode).toBe(503);
  });

  it('audits nothing in the normal flow', async () => {
    const rows = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'payment_amount_mismatch'));
    expect(rows).toEqual([]);
  });
});
