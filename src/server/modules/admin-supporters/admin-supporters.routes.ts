import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSupportersResponseSchema } from '#shared/contracts/admin-supporters';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { requireAdmin } from '../../lib/http/guards.ts';
import { createAdminSupportersService } from './admin-supporters.service.ts';

/** /api/admin/… routes of this screen: every one behind requireAdmin. */
export const adminSupportersRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const supporters = createAdminSupportersService(context.database.db);

  app.get(
    '/admin/supporters',
    {
      schema: {
        tags: ['admin'],
        summary: 'Supporter figures, lifetime supporters and paid payments (newest first)',
        response: {
          200: adminSupportersResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async () => supporters.overview(),
  );
};
