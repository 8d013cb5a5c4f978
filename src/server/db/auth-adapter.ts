import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Database } from './client.ts';
import { accounts, sessions, users, verifications } from './schema.ts';

/**
 * better-auth's own tables (users, sessions, accounts, verifications) reached through its Drizzle
 * adapter: the library writes its SQL here, as repositories do elsewhere.
 */
export const createAuthAdapter = ({ db }: { db: Database }) =>
  drizzleAdapter(db, {
    provider: 'pg',
    schema: { user: users, session: sessions, account: accounts, verification: verifications },
  });

export type AuthAdapter = ReturnType<typeof createAuthAdapter>;
