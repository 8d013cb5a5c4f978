import { isNull, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { chapters, feedback, profiles, stories } from '../../db/schema.ts';

/** The admin dashboard's figures. */
export const createAdminDashboardRepository = defineRepository((db) => {
  const count = async (
    table: typeof stories | typeof chapters | typeof profiles | typeof feedback,
  ) => {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
    return row?.count ?? 0;
  };
  const countOpenFeedback = async () => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(feedback)
      .where(isNull(feedback.handledAt));
    return row?.count ?? 0;
  };

  return {
    async counts() {
      const [storyCount, chapterCount, profileCount, feedbackCount, openFeedback] =
        await Promise.all([
          count(stories),
          count(chapters),
          count(profiles),
          count(feedback),
          countOpenFeedback(),
        ]);
      return {
        stories: storyCount,
        chapters: chapterCount,
        profiles: profileCount,
        feedback: feedbackCount,
        openFeedback,
      };
    },
  };
});

export type AdminDashboardRepository = ReturnType<typeof createAdminDashboardRepository>;
