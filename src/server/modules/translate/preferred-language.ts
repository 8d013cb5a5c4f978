import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userPreferences } from '../../db/schema.ts';

export async function findPreferredLanguage(db: Database, userId: string) {
  const [row] = await db
    .select({ language: userPreferences.preferredLanguage })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.language ?? 'en';
}
