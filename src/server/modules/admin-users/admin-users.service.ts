import {
  ADMIN_USERS_LIST_LIMIT,
  adminUsersMessages,
  type AdminUser,
  type AdminUsersListResponse,
  type AssignableRole,
} from '#shared/contracts/admin-users';
import type { Database } from '../../db/client.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import * as repository from './admin-users.repository.ts';

const toAdminUser = (row: repository.AdminUserRow): AdminUser => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export interface RoleChange {
  /** The administrator making the change. */
  actorId: string;
  targetUserId: string;
  role: AssignableRole;
  origin: RequestOrigin;
}

/** User management (admin spec: Users screen, update_user_role, audit 'role_changed'). */
export function createAdminUsersService(deps: { db: Database; audit: AuditLog }) {
  const { db, audit } = deps;
  return {
    async list(search: string): Promise<AdminUsersListResponse> {
      const { rows, total } = await repository.listUsers(db, search, ADMIN_USERS_LIST_LIMIT);
      return { users: rows.map(toAdminUser), total, limit: ADMIN_USERS_LIST_LIMIT };
    },

    /**
     * Gives a user the role `user` or `admin`. An administrator may not take away their own
     * admin role (nobody can lock themselves out; another admin can). Only a real change is
     * audited: choosing the role a user already has changes nothing.
     */
    async changeRole(change: RoleChange): Promise<AdminUser> {
      const { actorId, targetUserId, role, origin } = change;
      // The actor passed the admin guard, so for their own account any other role is a demotion.
      if (actorId === targetUserId && role !== 'admin') {
        throw conflict(adminUsersMessages.selfDemotion);
      }
      const changed = await repository.setRole(db, targetUserId, role);
      if (!changed) throw notFound(adminUsersMessages.userNotFound);
      const { before, after } = changed;
      if (before.role !== after.role) {
        await audit.record({
          action: 'role_changed',
          userId: actorId,
          targetUserId,
          details: { targetUserId, from: before.role, to: after.role },
          origin,
        });
      }
      return toAdminUser(after);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
