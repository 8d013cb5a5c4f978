import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSupporters } from '#shared/contracts/admin-supporters';
import { eq } from 'drizzle-orm';
import { profiles, userMemberships, userPayments, users } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** GET /api/admin/supporters: figures and lists read from memberships and payments. */

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let admin: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const overview = async (cookie = admin.cookie) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/supporters',
    headers: { cookie },
  });
  return res;
};

const at = (iso: string) => new Date(iso);

describe('GET /api/admin/supporters', () => {
  it('answers zeros and empty lists when nobody has supported yet', async () => {
    const res = await overview();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      stats: { totalSupporters: 0, totalRevenue: [], latestSupportAt: null, totalPayments: 0 },
      supporters: [],
      payments: [],
    });
  });

  it('counts lifetime memberships, sums paid payments and lists both newest first', async () => {
    const { db } = t.database;
    const ana = await signedInUser(t);
    const ben = await signedInUser(t);
    const cai = await signedInUser(t);
    const gone = await signedInUser(t);
    await db.update(profiles).set({ fullName: 'Ana Díaz' }).where(eq(profiles.id, ana.userId));
    await db.update(profiles).set({ fullName: null }).where(eq(profiles.id, ben.userId));

    await db.insert(userMemberships).values([
      {
        userId: ana.userId,
        hasLifetimeAccess: true,
        grantedAt: at('2026-01-10T10:00:00Z'),
        membershipLevel: 'lifetime',
      },
      {
        userId: ben.userId,
        hasLifetimeAccess: true,
        grantedAt: at('2026-02-20T09:30:00Z'),
        membershipLevel: 'lifetime',
      },
      // Not a supporter: a membership row without lifetime access.
      { userId: cai.userId, hasLifetimeAccess: false, grantedAt: null, membershipLevel: null },
    ]);
    await db.insert(userPayments).values([
      {
        userId: ana.userId,
        amount: 700,
        currency: 'usd',
        paymentStatus: 'paid',
        provider: 'sandbox',
        description: 'Story Support',
        createdAt: at('2026-01-10T09:59:00Z'),
      },
      {
        userId: ben.userId,
        amount: 2500,
        currency: 'usd',
        paymentStatus: 'paid',
        provider: 'sandbox',
        description: 'Champion',
        createdAt: at('2026-02-20T09:29:00Z'),
      },
      {
        userId: gone.userId,
        amount: 1500,
        currency: 'usd',
        paymentStatus: 'paid',
        provider: 'stripe',
        description: 'Story Pack',
        createdAt: at('2026-03-01T12:00:00Z'),
      },
      {
        userId: ana.userId,
        amount: 1000,
        currency: 'eur',
        paymentStatus: 'paid',
        provider: 'stripe',
        description: null,
        createdAt: at('2026-01-15T08:00:00Z'),
      },
      // Not revenue: pending, failed and expired payments.
      { userId: cai.userId, amount: 9900, paymentStatus: 'pending', provider: 'sandbox' },
      { userId: cai.userId, amount: 9900, paymentStatus: 'failed', provider: 'sandbox' },
      { userId: cai.userId, amount: 9900, paymentStatus: 'expired', provider: 'sandbox' },
    ]);
    // The payer of the newest payment deleted the account: the payment stays, without a name.
    await db.delete(users).where(eq(users.id, gone.userId));

    const res = await overview();
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminSupporters>();
    expect(body.stats).toEqual({
      totalSupporters: 2,
      totalRevenue: [
        { currency: 'usd', amount: 4700 },
        { currency: 'eur', amount: 1000 },
      ],
      latestSupportAt: '2026-03-01T12:00:00.000Z',
      totalPayments: 4,
    });
    expect(body.supporters).toEqual([
      {
        userId: ben.userId,
        email: ben.email,
        fullName: null,
        grantedAt: '2026-02-20T09:30:00.000Z',
        membershipLevel: 'lifetime',
      },
      {
        userId: ana.userId,
        email: ana.email,
        fullName: 'Ana Díaz',
        grantedAt: '2026-01-10T10:00:00.000Z',
        membershipLevel: 'lifetime',
      },
    ]);
    expect(body.payments.map((p) => [p.email, p.amount, p.currency, p.createdAt])).toEqual([
      [null, 1500, 'usd', '2026-03-01T12:00:00.000Z'],
      [ben.email, 2500, 'usd', '2026-02-20T09:29:00.000Z'],
      [ana.email, 1000, 'eur', '2026-01-15T08:00:00.000Z'],
      [ana.email, 700, 'usd', '2026-01-10T09:59:00.000Z'],
    ]);
    expect(body.payments[0]).toMatchObject({
      userId: null,
      fullName: null,
      description: 'Story Pack',
    });
    expect(body.payments[1]).toMatchObject({ userId: ben.userId, description: 'Champion' });
  });

  it('takes the latest support from a lifetime grant when it is newer than every payment', async () => {
    const carla = await signedInUser(t);
    await t.database.db.insert(userMemberships).values({
      userId: carla.userId,
      hasLifetimeAccess: true,
      grantedAt: at('2026-04-02T00:00:00Z'),
      membershipLevel: 'lifetime',
    });
    const body = (await overview()).json<AdminSupporters>();
    expect(body.stats.latestSupportAt).toBe('2026-04-02T00:00:00.000Z');
    expect(body.stats.totalSupporters).toBe(3);
    expect(body.supporters[0]!.email).toBe(carla.email);
  });

  it('is for administrators only', async () => {
    const learner = await signedInUser(t);
    expect((await overview(learner.cookie)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/supporters' });
    expect(visitor.statusCode).toBe(401);
  });
});
