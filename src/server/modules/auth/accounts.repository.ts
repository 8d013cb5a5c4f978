import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CurrentUser } from '#shared/contracts/auth';
import { defineRepository } from '../../db/repository.ts';
import { authTokens, profiles, userPreferences, userRoles, users } from '../../db/schema.ts';

export type TokenKind = 'email_verification' | 'password_reset';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type ClaimResult =
  { status: 'claimed' | 'used'; userId: string } | { status: 'expired' | 'invalid' };

/** The kind a claimed token's row keeps, so a link opened again can be told from an invented one. */
const usedKind = (kind: TokenKind) => `${kind}:used`;

/**
 * The columns a `CurrentUser` is made of (users joined with profiles and user_roles), for every
 * query that loads one.
 */
export const currentUserColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  role: userRoles.role,
};

/** Our rows about accounts beside better-auth's own: profile, role, single-use tokens. */
export const createAccountsRepository = defineRepository((db) => ({
  /** The rows every account has from its first moment: profile, role `user`, default preferences. */
  async createAccountRows(user: { id: string; email: string; name: string }) {
    await db
      .insert(profiles)
      .values({ id: user.id, email: user.email, fullName: user.name })
      .onConflictDoNothing();
    await db.insert(userRoles).values({ userId: user.id, role: 'user' }).onConflictDoNothing();
    await db.insert(userPreferences).values({ userId: user.id }).onConflictDoNothing();
  },

  async storeToken(kind: TokenKind, userId: string, token: string, lifetimeSeconds: number) {
    const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
    // The same signed token can be issued twice within a second (a quick resend): keep one row.
    await db
      .insert(authTokens)
      .values({ tokenHash: hashToken(token), kind, userId, expiresAt })
      .onConflictDoUpdate({ target: authTokens.tokenHash, set: { expiresAt, kind } });
  },

  /**
   * Takes a single-use token: the row is marked used and returned in one statement, so of two
   * racing requests exactly one gets it. A used token's row stays, so opening the link again is
   * reported as used (with its account) rather than as a link that never existed. An expired token
   * is left in place (the page can say "expired" again on reload) and reported as such.
   */
  async claimToken(kind: TokenKind, token: string): Promise<ClaimResult> {
    const tokenHash = hashToken(token);
    const claimed = await db
      .update(authTokens)
      .set({ kind: usedKind(kind) })
      .where(
        and(
          eq(authTokens.tokenHash, tokenHash),
          eq(authTokens.kind, kind),
          gt(authTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: authTokens.userId });
    if (claimed[0]) return { status: 'claimed', userId: claimed[0].userId };
    const [stale] = await db
      .select({ userId: authTokens.userId, kind: authTokens.kind })
      .from(authTokens)
      .where(
        and(eq(authTokens.tokenHash, tokenHash), inArray(authTokens.kind, [kind, usedKind(kind)])),
      );
    if (!stale) return { status: 'invalid' };
    return stale.kind === kind ? { status: 'expired' } : { status: 'used', userId: stale.userId };
  },

  async isTokenUsable(kind: TokenKind, token: string): Promise<boolean> {
    const [row] = await db
      .select({ userId: authTokens.userId })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(token)),
          eq(authTokens.kind, kind),
          gt(authTokens.expiresAt, sql`now()`),
        ),
      );
    return row !== undefined;
  },

  async findUserIdByEmail(email: string) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  },

  async loadCurrentUser(userId: string): Promise<CurrentUser | undefined> {
    const [row] = await db
      .select(currentUserColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) return undefined;
    return {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      createdAt: row.createdAt.toISOString(),
      fullName: row.fullName,
      avatarUrl: row.avatarUrl,
      role: row.role ?? 'user',
    };
  },

  async findRole(userId: string) {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return row?.role ?? 'user';
  },

  async setRole(userId: string, role: 'user' | 'admin' | 'moderator') {
    await db
      .insert(userRoles)
      .values({ userId, role })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
  },
}));

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
