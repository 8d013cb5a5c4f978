import { and, eq, gt, sql } from 'drizzle-orm';
import type { CurrentUser } from '#shared/contracts/auth';
import { defineRepository } from '../../db/repository.ts';
import { profiles, sessions, userRoles, users } from '../../db/schema.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { currentUserColumns } from './accounts.repository.ts';

/** A live session with its user, as the session check answers it. */
export interface ActiveSession {
  user: CurrentUser;
  expiresAt: Date;
}

const token = sql.placeholder('token');
/** Only sessions that have not expired count; better-auth cleans expired ones up when it meets them. */
const activeByToken = and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`));

/**
 * The session lookups of the signed-in path (decision 032): one prepared statement each, by the
 * token better-auth stores. Database errors propagate: a lookup that failed is never mistaken for
 * "signed out".
 */
export const createSessionsRepository = defineRepository((db) => {
  const viewerByToken = db
    .select({ userId: sessions.userId, role: userRoles.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
    .where(activeByToken)
    .prepare('session_viewer_by_token');

  const sessionByToken = db
    .select({ expiresAt: sessions.expiresAt, ...currentUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
    .where(activeByToken)
    .prepare('session_with_user_by_token');

  return {
    /** Who holds this session token and until when, or undefined when it is unknown or expired. */
    async findViewer(
      sessionToken: string,
    ): Promise<{ viewer: Viewer & { userId: string }; expiresAt: Date } | undefined> {
      const [row] = await viewerByToken.execute({ token: sessionToken });
      return (
        row && {
          viewer: { userId: row.userId, role: row.role ?? 'user' },
          expiresAt: row.expiresAt,
        }
      );
    },

    /** The session and its user as the session check shows them. */
    async findActive(sessionToken: string): Promise<ActiveSession | undefined> {
      const [row] = await sessionByToken.execute({ token: sessionToken });
      if (!row) return undefined;
      return {
        expiresAt: row.expiresAt,
        user: {
          id: row.id,
          email: row.email,
          emailVerified: row.emailVerified,
          createdAt: row.createdAt.toISOString(),
          fullName: row.fullName,
          avatarUrl: row.avatarUrl,
          role: row.role ?? 'user',
        },
      };
    },
  };
});

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
