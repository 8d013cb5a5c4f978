import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { installationSecrets } from './schema.ts';

/** The row that holds the session-signing secret when AUTH_SECRET is not set (decision 029). */
export const AUTH_SECRET_NAME = 'auth_secret';

export interface InstallationSecret {
  value: string;
  /** Whether this call stored its candidate (the installation had no such secret before). */
  created: boolean;
}

/**
 * The installation's secret called `name`: the one stored in the database, or else `candidate`,
 * stored now. Instances starting at once on one database agree without a lock: the primary key
 * lets exactly one insert land (the others wait for it to commit, then do nothing) and every
 * loser reads the winner's row.
 */
export async function sharedInstallationSecret(
  db: Database,
  name: string,
  candidate: string,
): Promise<InstallationSecret> {
  const [inserted] = await db
    .insert(installationSecrets)
    .values({ name, value: candidate })
    .onConflictDoNothing({ target: installationSecrets.name })
    .returning({ value: installationSecrets.value });
  if (inserted) return { value: inserted.value, created: true };
  const [stored] = await db
    .select({ value: installationSecrets.value })
    .from(installationSecrets)
    .where(eq(installationSecrets.name, name));
  // Only a row deleted by hand between the two statements gets here; a restart stores a new one.
  if (!stored) throw new Error(`the installation secret ${name} disappeared while it was read`);
  return { value: stored.value, created: false };
}
