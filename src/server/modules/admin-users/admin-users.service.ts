import {
  ADMIN_USERS_LIST_LIMIT,
  adminUsersMessages,
  type AdminUser,
  type AdminUsersListResponse,
  type AssignableRole,
} from '#shared/contracts/admin-users';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import type { ChangeNotices } from '../../lib/change-notices.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AdminUserRow, AdminUsersRepository } from './admin-users.repository.ts';

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** User management (admin spec: Users screen, update_user_role, audit 'role_changed'). */
export function createAdminUsersService(deps: {
  users: AdminUsersRepository;
  transaction: TransactionRunner;
  audit: AuditLog;
  /** A role change reaches every instance's copy of the user's sessions at once (decision 032). */
  changes: Pick<ChangeNotices, 'announceSessionsChanged'>;
}) {
  const { users, transaction, audit, changes } = deps;
  return {
    async list(search: string): Promise<AdminUsersListResponse> {
      const { rows, total } = await users.list(search, ADMIN_USERS_LIST_LIMIT);
      return { users: rows.map(toAdminUser), total, limit: ADMIN_USERS_LIST_LIMIT };
    },

    /**
     * Gives a user the role `user` or `admin`. An administrator may not take away their own
     * admin role (nobody can lock themselves out; another admin can). Only a real change is
     * written and audited, together: choosing the role a user already has changes nothing.
     */
    async changeRole(targetUserId: string, role: AssignableRole, actor: Actor): Promise<AdminUser> {
      // The actor passed the admin guard, so for their own account any other role is a demotion.
      if (actor.userId === targetUserId && role !== 'admin') {
        throw conflict(adminUsersMessages.selfDemotion);
      }
      const { user, changed } = await transaction(async (tx) => {
        const before = await users.in(tx).findForUpdate(targetUserId);
        if (!before) throw notFound(adminUsersMessages.userNotFound);
        if (before.role === role) return { user: toAdminUser(before), changed: false };
        await users.in(tx).setRole(targetUserId, role);
        await audit.in(tx).record({
          action: 'role_changed',
          userId: actor.userId,
          targetUserId,
          details: { targetUserId, from: before.role, to: role },
          origin: actor.origin,
        });
        return { user: toAdminUser({ ...before, role }), changed: true };
      });
      if (changed) await changes.announceSessionsChanged([targetUserId]);
      return user;
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
