import { asc, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { homePageSettings, logoSettings, trackingTags } from '../../db/schema.ts';

export function listHomePageSettings(db: DbExecutor) {
  return db.select().from(homePageSettings).orderBy(asc(homePageSettings.settingKey));
}

export async function findActiveLogo(db: DbExecutor) {
  const [row] = await db
    .select()
    .from(logoSettings)
    .where(eq(logoSettings.isActive, true))
    .orderBy(desc(logoSettings.createdAt))
    .limit(1);
  return row;
}

/** Public injection reads active tags oldest first (spec). */
export function listActiveTrackingTags(db: DbExecutor) {
  return db
    .select()
    .from(trackingTags)
    .where(eq(trackingTags.isActive, true))
    .orderBy(asc(trackingTags.createdAt));
}
