import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSupportersResponseSchema } from '#shared/contracts/admin-supporters';
import type { RouteContext } from '../../app-context.ts';

/** /api/admin/supporters (guarded by the admin scope, admin/admin-scope.ts). */
export const adminSupportersRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { supporters } = services.admin;

  app.get(
    '/admin/supporters',
    {
      schema: {
        tags: ['admin'],
        summary: 'Supporter figures, lifetime supporters and paid payments (newest first)',
        response: {
          200: adminSupportersResponseSchema,
        },
      },
    },
    async () => supporters.overview(),
  );
};
