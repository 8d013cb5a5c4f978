import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dryRunBodySchema,
  dryRunResponseSchema,
  safetyReportSchema,
} from '#shared/contracts/admin-migrations';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { requireAdmin } from '../../lib/http/guards.ts';
import { createMigrationsRepository } from './admin-migrations.repository.ts';
import { createMigrationsService } from './admin-migrations.service.ts';

/** /api/admin/… routes of this screen: every one behind requireAdmin. */
export const adminMigrationsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', requireAdmin);
  const migrations = createMigrationsService({
    repository: createMigrationsRepository(context.database.db),
    storage: context.storage,
    log: app.log,
  });

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
