import { desc, eq } from 'drizzle-orm';
import type { TrackingTagValues } from '#shared/contracts/admin-tags';
import { defineRepository } from '../../db/repository.ts';
import { trackingTags } from '../../db/schema.ts';

export type TrackingTagRow = typeof trackingTags.$inferSelect;

export const createAdminTagsRepository = defineRepository((db) => ({
  /** The admin list: every tag, newest first (spec). */
  list() {
    return db
      .select()
      .from(trackingTags)
      .orderBy(desc(trackingTags.createdAt), desc(trackingTags.id));
  },

  /** One tag, locked until the transaction ends (an update merges into what it read). */
  async findForUpdate(id: string): Promise<TrackingTagRow | undefined> {
    const [row] = await db
      .select()
      .from(trackingTags)
      .where(eq(trackingTags.id, id))
      .limit(1)
      .for('update');
    return row;
  },

  async insert(values: TrackingTagValues): Promise<TrackingTagRow> {
    const [row] = await db.insert(trackingTags).values(values).returning();
    return row!;
  },

  async update(id: string, values: TrackingTagValues): Promise<TrackingTagRow | undefined> {
    const [row] = await db
      .update(trackingTags)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(trackingTags.id, id))
      .returning();
    return row;
  },

  async remove(id: string): Promise<TrackingTagRow | undefined> {
    const [row] = await db.delete(trackingTags).where(eq(trackingTags.id, id)).returning();
    return row;
  },
}));

export type AdminTagsRepository = ReturnType<typeof createAdminTagsRepository>;
