import { eq } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { learnerPlacements } from '../../db/schema.ts';

export type PlacementRow = typeof learnerPlacements.$inferSelect;

/** A learner's placement (decision 071): one row per learner, a retake replaces it. */
export const createPlacementRepository = defineRepository((db) => ({
  async find(userId: string): Promise<PlacementRow | undefined> {
    const [row] = await db
      .select()
      .from(learnerPlacements)
      .where(eq(learnerPlacements.userId, userId));
    return row;
  },

  /** The lemmas the learner's placement assumes known; none without a placement. */
  async knownLemmas(userId: string): Promise<string[]> {
    const [row] = await db
      .select({ knownLemmas: learnerPlacements.knownLemmas })
      .from(learnerPlacements)
      .where(eq(learnerPlacements.userId, userId));
    return row?.knownLemmas ?? [];
  },

  async save(row: Omit<PlacementRow, 'takenAt'> & { takenAt: Date }): Promise<PlacementRow> {
    const { level, knownLemmas, siteWords, levels, takenAt } = row;
    const [saved] = await db
      .insert(learnerPlacements)
      .values(row)
      .onConflictDoUpdate({
        target: learnerPlacements.userId,
        set: { level, knownLemmas, siteWords, levels, takenAt },
      })
      .returning();
    return saved!;
  },
}));

export type PlacementRepository = ReturnType<typeof createPlacementRepository>;
