import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  paymentServices,
  securityAuditLog,
  userMemberships,
  userPayments,
} from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Card payments through Stripe Checkout, with Stripe's API stubbed at the HTTP level: a fake of
 * the two calls we make (create and retrieve a Checkout Session) on 127.0.0.1, which the real SDK
 * is pointed at through STRIPE_API_BASE. Webhooks are signed with the SDK's own test helper.
 * Nothing leaves the machine.
 */

const PUBLIC_URL = 'http://localhost:3000';
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  metadata: Record<string, string>;
}

/** The part of Stripe's API the app uses, kept in memory. */
class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly requests: { method: string; path: string; form: URLSearchParams }[] = [];
  failCreate = false;
  private server = http.createServer((request, response) => this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  update(id: string, changes: Partial<FakeSession>) {
    const session = this.sessions.get(id)!;
    Object.assign(session, changes);
    return session;
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse) {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0]!;
      const form = new URLSearchParams(body);
      this.requests.push({ method: request.method ?? '', path, form });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        if (this.failCreate) {
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Refused by the fake' },
          });
        }
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          mode: form.get('mode') ?? '',
          status: 'open',
          payment_status: 'unpaid',
          amount_total:
            Number(form.get('line_items[0][price_data][unit_amount]')) *
            Number(form.get('line_items[0][quantity]') ?? 1),
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          client_reference_id: form.get('client_reference_id'),
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          metadata: { payment_id: form.get('metadata[payment_id]') ?? '' },
        };
        this.sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && match) {
        const session = this.sessions.get(decodeURIComponent(match[1]!));
        if (!session) {
          return send(404, {
            error: { type: 'invalid_request_error', message: 'No such checkout.session' },
          });
        }
        return send(200, session);
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  }
}

const fake = new FakeStripe();
const signer = new Stripe('sk_test_signer_only');
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  const apiBase = await fake.start();
  t = await createTestApp({
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_relatos_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  });
  await t.database.db
    .update(paymentServices)
    .set({ isEnabled: true })
    .where(eq(paymentServices.serviceName, 'stripe'));
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});
beforeEach(() => {
  fake.failCreate = false;
});

const as = (
  user: { cookie: string } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

async function donate(user: User, body: object = { tier: 'tier_1' }) {
  const res = await as(user, 'POST', '/api/payments/donations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; sessionId: string };
}

const verify = (user: User, sessionId: string) =>
  as(user, 'POST', '/api/payments/verify', { session_id: sessionId });

function eventFor(type: string, session: FakeSession) {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...session } },
  });
}

function deliver(
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        signer.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp,
        }));
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
      // Stripe's servers are another site: the CSRF check must not stand in their way.
      origin: 'https://stripe.com',
      'sec-fetch-site': 'cross-site',
    },
  });
}

const paymentOf = async (sessionId: string) => {
  const [row] = await t.database.db
    .select()
    .from(userPayments)
    .where(eq(userPayments.checkoutSessionId, sessionId));
  return row;
};
const membershipsOf = (userId: string) =>
  t.database.db.select().from(userMemberships).where(eq(userMemberships.userId, userId));
const mismatchAudits = () =>
  t.database.db
    .select()
    .from(securityAuditLog)
    .where(eq(securityAuditLog.action, 'payment_amount_mismatch'));

describe('Stripe Checkout', () => {
  it('creates a payment-mode session for the user with the spec’s return addresses', async () => {
    const user = await signedInUser(t);
    const { url, sessionId } = await donate(user, { tier: 'champion' });
    const session = fake.sessions.get(sessionId)!;
    expect(url).toBe(session.url);
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: user.userId,
      amount_total: 2500,
      currency: 'usd',
      success_url: `${PUBLIC_URL}/support-success?amount=25&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/`,
    });
    expect(await paymentOf(sessionId)).toMatchObject({
      userId: user.userId,
      amount: 2500,
      currency: 'usd',
      paymentStatus: 'pending',
      provider: 'stripe',
    });
    expect(session.metadata.payment_id).toBe((await paymentOf(sessionId))!.id);
  });

  it('marks the payment failed and answers 503 when Stripe refuses', async () => {
    const user = await signedInUser(t);
    fake.failCreate = true;
    const res = await as(user, 'POST', '/api/payments/donations', { tier: 'tier_1' });
    expect(res.statusCode).toBe(503);
    const rows = await t.database.db
      .select()
      .from(userPayments)
      .where(eq(userPayments.userId, user.userId));
    expect(rows.map((row) => row.paymentStatus)).toEqual(['failed']);
  });

  it('grants nothing for an unpaid session, then grants once it is paid', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await donate(user);
    expect((await verify(user, sessionId)).json()).toEqual({
      payment_status: 'pending',
      amountCents: 700,
      newlyGranted: false,
    });
    // Completed with a delayed method: still unpaid.
    fake.update(sessionId, { status: 'complete', payment_status: 'unpaid' });
    expect((await verify(user, sessionId)).json().payment_status).toBe('pending');
    expect(await membershipsOf(user.userId)).toEqual([]);

    fake.update(sessionId, { payment_status: 'paid' });
    expect((await verify(user, sessionId)).json()).toEqual({
      payment_status: 'paid',
      amountCents: 700,
      newlyGranted: true,
    });
    expect(await membershipsOf(user.userId)).toMatchObject([
      { hasLifetimeAccess: true, membershipLevel: 'lifetime' },
    ]);
  });

  it("refuses another account's session id and unknown ids", async () => {
    const owner = await signedInUser(t);
    const intruder = await signedInUser(t);
    const { sessionId } = await donate(owner);
    fake.update(sessionId, { status: 'complete', payment_status: 'paid' });
    expect((await verify(intruder, sessionId)).statusCode).toBe(404);
    expect(await membershipsOf(intruder.userId)).toEqual([]);
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('pending');
    expect((await verify(intruder, 'cs_test_does_not_exist')).statusCode).toBe(404);
  });

  it('refuses and audits a provider total that differs from the recorded amount (once)', async () => {
    const user = await signedInUser(t);
    const before = (await mismatchAudits()).length;
    const { sessionId } = await donate(user, { tier: 'champion' });
    // Someone tampered with the session at the provider: $1 paid for a $25 tier.
    fake.update(sessionId, { status: 'complete', payment_status: 'paid', amount_total: 100 });
    const res = await verify(user, sessionId);
    expect(res.json()).toEqual({
      payment_status: 'failed',
      amountCents: 2500,
      newlyGranted: false,
    });
    expect(await membershipsOf(user.userId)).toEqual([]);

    // The webhook for the same session changes nothing and is not audited twice.
    const again = await deliver(
      eventFor('checkout.session.completed', fake.sessions.get(sessionId)!),
    );
    expect(again.statusCode).toBe(200);
    expect((await verify(user, sessionId)).json().payment_status).toBe('failed');
    const audits = await mismatchAudits();
    expect(audits.length).toBe(before + 1);
    expect(audits.at(-1)).toMatchObject({ userId: user.userId });
    expect(audits.at(-1)!.details).toMatchObject({
      checkout_session_id: sessionId,
      expected_amount: 2500,
      provider_amount: 100,
    });
  });

  it('refuses a currency that differs from the recorded one', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await donate(user);
    fake.update(sessionId, { status: 'complete', payment_status: 'paid', currency: 'jpy' });
    expect((await verify(user, sessionId)).json().payment_status).toBe('failed');
    expect(await membershipsOf(user.userId)).toEqual([]);
  });

  it('never takes the amount from the success URL', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await donate(user, { tier: 'tier_1' });
    fake.update(sessionId, { status: 'complete', payment_status: 'paid' });
    // The success page's amount is display only; verification reads our record and Stripe's total.
    const res = await as(user, 'POST', `/api/payments/verify?amount=1000`, {
      session_id: sessionId,
    });
    expect(res.json()).toMatchObject({ payment_status: 'paid', amountCents: 700 });
    expect(await paymentOf(sessionId)).toMatchObject({ amount: 700 });
  });
});

describe('Stripe webhook', () => {
  it('refuses a bad signature, a wrong secret, a missing header, an altered body and a stale timestamp (400), granting nothing', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await donate(user);
    const paid = fake.update(sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = eventFor('checkout.session.completed', paid);
    const altered = payload.replace('"amount_total":700', '"amount_total":7');
    expect(altered).not.toBe(payload);

    const results = await Promise.all([
      deliver(payload, { signature: 't=1700000000,v1=deadbeef' }),
      deliver(payload, { secret: 'whsec_not_ours' }),
      deliver(payload, { signature: null }),
      deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      // Signed, then changed on the way: the signature covers the exact bytes.
      deliver(altered, {
        signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      }),
    ]);
    for (const res of results) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('pending');
    expect(await membershipsOf(user.userId)).toEqual([]);

    // The same event, properly signed and fresh, is accepted (so the refusals above were real).
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('paid');
  });

  it('grants exactly once when the same event arrives 5 times while the success page verifies', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await donate(user, { tier: 'story_pack' });
    const paid = fake.update(sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = eventFor('checkout.session.completed', paid);

    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(payload)),
      verify(user, sessionId),
      verify(user, sessionId),
    ]);
    for (const res of results.slice(0, 5)) expect(res.json()).toEqual({ received: true });
    // Both success pages see the payment paid; the grant is announced by exactly one of them.
    const answers = results.slice(5).map((res) => res.json() as { newlyGranted: boolean });
    for (const answer of answers) {
      expect(answer).toMatchObject({ payment_status: 'paid', amountCents: 1500 });
    }
    expect(answers.map((answer) => answer.newlyGranted).sort()).toEqual([false, true]);

    const rows = await t.database.db
      .select()
      .from(userPayments)
      .where(eq(userPayments.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentStatus: 'paid', amount: 1500, currency: 'usd' });
    const memberships = await membershipsOf(user.userId);
    expect(memberships).toHaveLength(1);
    const { grantedAt } = memberships[0]!;

    // Late duplicates (Stripe retries for days) change nothing.
    for (let i = 0; i < 3; i++) expect((await deliver(payload)).statusCode).toBe(200);
    expect((await membershipsOf(user.userId))[0]!.grantedAt).toEqual(grantedAt);
    const [after] = await t.database.db
      .select()
      .from(userPayments)
      .where(eq(userPayments.userId, user.userId));
    expect(after!.updatedAt).toEqual(rows[0]!.updatedAt);
  });

  it('handles out-of-order deliveries: async success before the unpaid completion grants once', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await donate(user);
    const session = fake.sessions.get(sessionId)!;
    const succeeded = eventFor('checkout.session.async_payment_succeeded', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
    });
    const completedUnpaid = eventFor('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'unpaid',
    });
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(completedUnpaid)).statusCode).toBe(200);
    expect((await paymentOf(sessionId))!.paymentStatus).toBe('paid');
    expect(await membershipsOf(user.userId)).toHaveLength(1);
  });

  it('marks expired sessions expired and failed async payments failed, granting nothing', async () => {
    const user = await signedInUser(t);
    const first = await donate(user);
    const expired = fake.update(first.sessionId, { status: 'expired' });
    expect((await deliver(eventFor('checkout.session.expired', expired))).statusCode).toBe(200);
    expect((await verify(user, first.sessionId)).json().payment_status).toBe('expired');

    const second = await donate(user);
    const failed = fake.update(second.sessionId, { status: 'complete', payment_status: 'unpaid' });
    await deliver(eventFor('checkout.session.async_payment_failed', failed));
    expect((await paymentOf(second.sessionId))!.paymentStatus).toBe('failed');
    expect(await membershipsOf(user.userId)).toEqual([]);
  });

  it('acknowledges events for unknown sessions and other event types without acting', async () => {
    const stranger = fake.sessions.values().next().value as FakeSession;
    const unknown = eventFor('checkout.session.completed', {
      ...stranger,
      id: 'cs_test_not_ours',
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await deliver(unknown)).json()).toEqual({ received: true });
    expect(await paymentOf('cs_test_not_ours')).toBeUndefined();
    const other = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect((await deliver(other)).statusCode).toBe(200);
  });
});
