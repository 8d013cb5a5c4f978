import { z } from 'zod';

/**
 * Admin supporters screen (admin spec: Supporters screen; sections 3, 7 and 9).
 * Routes: src/server/modules/admin-supporters.
 *
 *   GET /api/admin/supporters → AdminSupporters
 *
 * Amounts are cents (spec: stored in cents, shown as amount / 100). The figures count every row;
 * the two lists hold the newest {@link SUPPORTERS_LIST_LIMIT} rows each.
 */

export const SUPPORTERS_LIST_LIMIT = 200;

export const supporterSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  grantedAt: z.iso.datetime().nullable(),
  membershipLevel: z.string().nullable(),
});
export type Supporter = z.infer<typeof supporterSchema>;

export const supporterPaymentSchema = z.object({
  id: z.uuid(),
  /** Null once the payer's account has been deleted (payment records outlive personal data). */
  userId: z.string().nullable(),
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SupporterPayment = z.infer<typeof supporterPaymentSchema>;

export const adminSupportersResponseSchema = z.object({
  stats: z.object({
    /** Memberships with lifetime access. */
    totalSupporters: z.number().int().nonnegative(),
    /** Sum of paid payments in cents, per currency (largest first; usd alone in practice). */
    totalRevenue: z.array(
      z.object({ currency: z.string(), amount: z.number().int().nonnegative() }),
    ),
    /** The newest paid payment or lifetime grant; null when there is none. */
    latestSupportAt: z.iso.datetime().nullable(),
    /** Paid payments, all of them (the list below may hold fewer). */
    totalPayments: z.number().int().nonnegative(),
  }),
  /** Lifetime supporters, newest grant first. */
  supporters: z.array(supporterSchema),
  /** Paid payments, newest first. */
  payments: z.array(supporterPaymentSchema),
});
export type AdminSupporters = z.infer<typeof adminSupportersResponseSchema>;
