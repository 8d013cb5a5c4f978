import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dryRunBodySchema,
  dryRunResponseSchema,
  safetyReportSchema,
} from '#shared/contracts/admin-migrations';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';

/** /api/admin/migrations/… (guarded by the admin scope, admin/admin-scope.ts). */
export const adminMigrationsRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { migrations } = services.admin;

  app.post(
    '/admin/migrations/safety-checks',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Checks, in parallel, that profiles, user_story_progress, stories and chapters can be read and the audios, trans and series-images buckets reached',
        response: { 200: safetyReportSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return migrations.runSafetyChecks();
    },
  );

  app.post(
    '/admin/migrations/dry-run',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reads migration SQL for dangerous statements (static analysis, never executed)',
        body: dryRunBodySchema,
        response: {
          200: dryRunResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => migrations.dryRun(request.body.sql),
  );
};
