import { desc, eq } from 'drizzle-orm';
import type { TrackingTagValues } from '#shared/contracts/admin-tags';
import type { DbExecutor } from '../../db/client.ts';
import { trackingTags } from '../../db/schema.ts';

export type TrackingTagRow = typeof trackingTags.$inferSelect;

/** The admin list: every tag, newest first (spec). */
export function listTrackingTags(db: DbExecutor) {
  return db
    .select()
    .from(trackingTags)
    .orderBy(desc(trackingTags.createdAt), desc(trackingTags.id));
}

/** One tag, locked until the transaction ends (an update merges into what it read). */
export async function findTrackingTagForUpdate(
  db: DbExecutor,
  id: string,
): Promise<TrackingTagRow | undefined> {
  const [row] = await db
    .select()
    .from(trackingTags)
    .where(eq(trackingTags.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function insertTrackingTag(
  db: DbExecutor,
  values: TrackingTagValues,
): Promise<TrackingTagRow> {
  const [row] = await db.insert(trackingTags).values(values).returning();
  return row!;
}

export async function updateTrackingTag(
  db: DbExecutor,
  id: string,
  values: TrackingTagValues,
): Promise<TrackingTagRow | undefined> {
  const [row] = await db
    .update(trackingTags)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trackingTags.id, id))
    .returning();
  return row;
}

export async function deleteTrackingTag(
  db: DbExecutor,
  id: string,
): Promise<TrackingTagRow | undefined> {
  const [row] = await db.delete(trackingTags).where(eq(trackingTags.id, id)).returning();
  return row;
}
