import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardResponseSchema } from '#shared/contracts/me';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { chapters, feedback, profiles, stories } from '../../db/schema.ts';
import { requireAdmin } from '../../lib/http/guards.ts';

/** /api/admin/*: every route behind requireAdmin (401 visitors, 403 non-admins). */
export const adminRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', requireAdmin);
  const { db } = context.database;
  const count = async (
    table: typeof stories | typeof chapters | typeof profiles | typeof feedback,
  ) => {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
    return row?.count ?? 0;
  };

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts of stories, chapters, profiles and feedback',
        response: { 200: adminDashboardResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => {
      const [storyCount, chapterCount, profileCount, feedbackCount] = await Promise.all([
        count(stories),
        count(chapters),
        count(profiles),
        count(feedback),
      ]);
      return {
        counts: {
          stories: storyCount,
          chapters: chapterCount,
          profiles: profileCount,
          feedback: feedbackCount,
        },
      };
    },
  );
};
