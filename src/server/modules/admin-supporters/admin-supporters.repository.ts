import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { profiles, userMemberships, userPayments } from '../../db/schema.ts';

const lifetime = eq(userMemberships.hasLifetimeAccess, true);
const paid = eq(userPayments.paymentStatus, 'paid');

/** A timestamp as epoch milliseconds (null stays null), free of driver date parsing. */
const epochMs = (value: SQL) =>
  sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`.mapWith((raw: unknown) =>
    raw === null ? null : Number(raw),
  );

/** The supporters screen: lifetime memberships and paid payments, with their profiles. */
export const createAdminSupportersRepository = defineRepository((db) => ({
  /** Lifetime memberships with the member's profile, newest grant first (never-dated ones last). */
  listLifetimeSupporters(limit: number) {
    return db
      .select({
        userId: userMemberships.userId,
        email: profiles.email,
        fullName: profiles.fullName,
        grantedAt: userMemberships.grantedAt,
        membershipLevel: userMemberships.membershipLevel,
      })
      .from(userMemberships)
      .leftJoin(profiles, eq(profiles.id, userMemberships.userId))
      .where(lifetime)
      .orderBy(sql`${userMemberships.grantedAt} desc nulls last`, desc(userMemberships.id))
      .limit(limit);
  },

  /** Paid payments with the payer's profile (none once the account is deleted), newest first. */
  listPaidPayments(limit: number) {
    return db
      .select({
        id: userPayments.id,
        userId: userPayments.userId,
        email: profiles.email,
        fullName: profiles.fullName,
        amount: userPayments.amount,
        currency: userPayments.currency,
        description: userPayments.description,
        createdAt: userPayments.createdAt,
      })
      .from(userPayments)
      .leftJoin(profiles, eq(profiles.id, userPayments.userId))
      .where(paid)
      .orderBy(desc(userPayments.createdAt), desc(userPayments.id))
      .limit(limit);
  },

  async figures() {
    const [members] = await db
      .select({
        count: sql<number>`count(*)::int`,
        latestMs: epochMs(sql`max(${userMemberships.grantedAt})`),
      })
      .from(userMemberships)
      .where(lifetime);
    const revenue = await db
      .select({
        currency: userPayments.currency,
        // bigint: the sum of many int amounts may pass 2^31; returned as text, parsed below.
        amount: sql<string>`sum(${userPayments.amount})::bigint::text`,
        count: sql<number>`count(*)::int`,
        latestMs: epochMs(sql`max(${userPayments.createdAt})`),
      })
      .from(userPayments)
      .where(paid)
      .groupBy(userPayments.currency);
    return { members: members!, revenue };
  },
}));

export type AdminSupportersRepository = ReturnType<typeof createAdminSupportersRepository>;
