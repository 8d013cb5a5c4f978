import { SUPPORTERS_LIST_LIMIT, type AdminSupporters } from '#shared/contracts/admin-supporters';
import type { AdminSupportersRepository } from './admin-supporters.repository.ts';

/** The supporters screen: figures over every row, and the newest rows of the two lists. */
export function createAdminSupportersService(deps: { supporters: AdminSupportersRepository }) {
  const { supporters } = deps;
  return {
    async overview(): Promise<AdminSupporters> {
      const [figures, lifetimeSupporters, payments] = await Promise.all([
        supporters.figures(),
        supporters.listLifetimeSupporters(SUPPORTERS_LIST_LIMIT),
        supporters.listPaidPayments(SUPPORTERS_LIST_LIMIT),
      ]);
      const { members, revenue } = figures;
      const latest = Math.max(
        members.latestMs ?? -Infinity,
        ...revenue.map((row) => row.latestMs ?? -Infinity),
      );
      return {
        stats: {
          totalSupporters: members.count,
          totalRevenue: revenue
            .map((row) => ({ currency: row.currency, amount: Number(row.amount) }))
            .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency)),
          latestSupportAt: Number.isFinite(latest) ? new Date(latest).toISOString() : null,
          totalPayments: revenue.reduce((sum, row) => sum + row.count, 0),
        },
        supporters: lifetimeSupporters.map((row) => ({
          userId: row.userId,
          // A membership's account always has a profile; an empty address would show as such.
          email: row.email ?? '',
          fullName: row.fullName,
          grantedAt: row.grantedAt?.toISOString() ?? null,
          membershipLevel: row.membershipLevel,
        })),
        payments: payments.map((row) => ({
          id: row.id,
          userId: row.userId,
          email: row.email,
          fullName: row.fullName,
          amount: row.amount,
          currency: row.currency,
          description: row.description,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
