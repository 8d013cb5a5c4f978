import { upsertSettingValues } from '../../db/setting-rows.ts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PaymentServiceName, PaymentStatus } from '#shared/contracts/support';
import { defineRepository } from '../../db/repository.ts';
import {
  paymentSandboxSessions,
  paymentServices,
  supportSettings,
  userMemberships,
  userPayments,
} from '../../db/schema.ts';

/** Support settings, payment services and their switches, payments, memberships, sandbox sessions. */
export const createPaymentsRepository = defineRepository((db) => ({
  // --- settings and services ------------------------------------------------------------------

  async readSupportSettings(): Promise<Map<string, string>> {
    const rows = await db.select().from(supportSettings);
    return new Map(rows.map((row) => [row.settingKey, row.settingValue]));
  },

  writeSupportSettings: (entries: Record<string, string>) =>
    upsertSettingValues(db, supportSettings, entries),

  async listPaymentServices() {
    return db.select().from(paymentServices);
  },

  async findPaymentService(serviceName: PaymentServiceName) {
    const [row] = await db
      .select()
      .from(paymentServices)
      .where(eq(paymentServices.serviceName, serviceName));
    return row;
  },

  /** Switches services on (creating their rows when missing); others are left as they are. */
  async enablePaymentServices(names: PaymentServiceName[]) {
    if (names.length === 0) return;
    await db
      .insert(paymentServices)
      .values(names.map((serviceName) => ({ serviceName, isEnabled: true })))
      .onConflictDoUpdate({
        target: paymentServices.serviceName,
        set: { isEnabled: true, updatedAt: new Date() },
      });
  },

  /** Merges `url` into the service's configuration, keeping its other keys. */
  async setPaymentServiceUrl(serviceName: PaymentServiceName, url: string) {
    await db
      .insert(paymentServices)
      .values({ serviceName, isEnabled: false, configuration: { url } })
      .onConflictDoUpdate({
        target: paymentServices.serviceName,
        set: {
          configuration: sql`${paymentServices.configuration} || jsonb_build_object('url', ${url}::text)`,
          updatedAt: new Date(),
        },
      });
  },

  // --- payments ---------------------------------------------------------------------------------

  async insertPendingPayment(values: {
    userId: string;
    amount: number;
    description: string;
    provider: string;
  }) {
    const [row] = await db
      .insert(userPayments)
      .values({ ...values, currency: 'usd', paymentStatus: 'pending' })
      .returning();
    return row!;
  },

  async attachCheckoutSession(paymentId: string, sessionId: string) {
    await db
      .update(userPayments)
      .set({ checkoutSessionId: sessionId, updatedAt: new Date() })
      .where(eq(userPayments.id, paymentId));
  },

  async findPaymentBySession(sessionId: string) {
    const [row] = await db
      .select()
      .from(userPayments)
      .where(eq(userPayments.checkoutSessionId, sessionId));
    return row;
  },

  async findPaymentById(paymentId: string) {
    const [row] = await db.select().from(userPayments).where(eq(userPayments.id, paymentId));
    return row;
  },

  /**
   * Claims the one announcement of a payment's grant: true for exactly one caller (two tabs of the
   * success page, or a reload, get false).
   */
  async claimGrantAnnouncement(paymentId: string): Promise<boolean> {
    const rows = await db
      .update(userPayments)
      .set({ grantAnnouncedAt: sql`now()` })
      .where(and(eq(userPayments.id, paymentId), sql`${userPayments.grantAnnouncedAt} is null`))
      .returning({ id: userPayments.id });
    return rows.length > 0;
  },

  /**
   * Moves a payment to `to` only from one of the `from` states, atomically: of several concurrent
   * callers (duplicate webhooks, the success page) exactly one gets the row back.
   */
  async transitionPayment(paymentId: string, from: PaymentStatus[], to: PaymentStatus) {
    const [row] = await db
      .update(userPayments)
      .set({ paymentStatus: to, updatedAt: new Date() })
      .where(and(eq(userPayments.id, paymentId), inArray(userPayments.paymentStatus, from)))
      .returning();
    return row;
  },

  // --- memberships ------------------------------------------------------------------------------

  /**
   * Lifetime access from now, unless it is already held (then its first grant date is kept).
   * Returns the row when this call granted it.
   */
  async grantLifetimeAccess(userId: string, level: string) {
    const [row] = await db
      .insert(userMemberships)
      .values({ userId, hasLifetimeAccess: true, grantedAt: sql`now()`, membershipLevel: level })
      .onConflictDoUpdate({
        target: userMemberships.userId,
        set: { hasLifetimeAccess: true, grantedAt: sql`now()`, membershipLevel: level },
        setWhere: sql`${userMemberships.hasLifetimeAccess} = false`,
      })
      .returning();
    return row;
  },

  async findMembership(userId: string) {
    const [row] = await db.select().from(userMemberships).where(eq(userMemberships.userId, userId));
    return row;
  },

  // --- the sandbox provider's own sessions ------------------------------------------------------

  async insertSandboxSession(values: SandboxSessionValues) {
    const [row] = await db.insert(paymentSandboxSessions).values(values).returning();
    return row!;
  },

  async findSandboxSession(sessionId: string) {
    const [row] = await db
      .select()
      .from(paymentSandboxSessions)
      .where(eq(paymentSandboxSessions.id, sessionId));
    return row;
  },

  /** open → complete (paid), only while the session has not expired. */
  async completeSandboxSession(sessionId: string) {
    const [row] = await db
      .update(paymentSandboxSessions)
      .set({ status: 'complete' })
      .where(
        and(
          eq(paymentSandboxSessions.id, sessionId),
          eq(paymentSandboxSessions.status, 'open'),
          gt(paymentSandboxSessions.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row;
  },

  /** open → expired (the buyer cancelled, or the session ran out of time). */
  async expireSandboxSession(sessionId: string) {
    const [row] = await db
      .update(paymentSandboxSessions)
      .set({ status: 'expired' })
      .where(
        and(eq(paymentSandboxSessions.id, sessionId), eq(paymentSandboxSessions.status, 'open')),
      )
      .returning();
    return row;
  },
}));

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
export type PaymentRow = typeof userPayments.$inferSelect;
export type SandboxSessionRow = typeof paymentSandboxSessions.$inferSelect;
export type SandboxSessionValues = typeof paymentSandboxSessions.$inferInsert;
