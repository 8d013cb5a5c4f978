import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '#shared/contracts/auth';
import { defineRepository } from '../../db/repository.ts';
import { profiles, userRoles } from '../../db/schema.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  createdAt: Date;
  role: Role;
}

const columns = {
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  createdAt: profiles.createdAt,
  role: userRoles.role,
};

type RawRow = Omit<AdminUserRow, 'role'> & { role: Role | null };
// An account without a user_roles row is a plain user (spec: user by default).
const withDefaultRole = (row: RawRow): AdminUserRow => ({ ...row, role: row.role ?? 'user' });

/** `%`, `_` and `\` typed by the admin are matched literally, not as LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function searchFilter(search: string): SQL | undefined {
  if (search === '') return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern));
}

export const createAdminUsersRepository = defineRepository((db) => {
  async function find(id: string): Promise<AdminUserRow | undefined> {
    const [row] = await db
      .select(columns)
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(eq(profiles.id, id));
    return row ? withDefaultRole(row) : undefined;
  }

  return {
    /** Profiles newest first (id breaks ties: a stable order), with the number that match. */
    async list(search: string, limit: number): Promise<{ rows: AdminUserRow[]; total: number }> {
      const where = searchFilter(search);
      const [rows, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(profiles)
          .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
          .where(where)
          .orderBy(desc(profiles.createdAt), desc(profiles.id))
          .limit(limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(profiles)
          .where(where),
      ]);
      return { rows: rows.map(withDefaultRole), total: counted?.total ?? 0 };
    },

    find,

    /**
     * The user, with their profile row locked until the transaction ends: two admins changing
     * the same user one after the other each see the role the other left (and the audit trail's
     * `from` stays true).
     */
    async findForUpdate(id: string): Promise<AdminUserRow | undefined> {
      const [locked] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, id))
        .for('update');
      return locked ? find(id) : undefined;
    },

    async setRole(id: string, role: Role): Promise<void> {
      await db
        .insert(userRoles)
        .values({ userId: id, role })
        .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
    },
  };
});

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
