import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appliedMigrationsResponseSchema,
  dryRunBodySchema,
  dryRunResponseSchema,
  migrationRecordInputSchema,
  migrationRecordParamsSchema,
  migrationRecordResponseSchema,
  migrationRecordsClearedSchema,
  migrationRecordsResponseSchema,
  safetyReportSchema,
} from '#shared/contracts/admin-migrations';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

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
        response: { 200: safetyReportSchema },
      },
    },
    async () => migrations.runSafetyChecks(),
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
          413: apiErrorSchema,
        },
      },
    },
    async (request) => migrations.dryRun(request.body.sql),
  );

  app.get(
    '/admin/migrations/applied',
    {
      schema: {
        tags: ['admin'],
        summary:
          "What the server applied (drizzle's migrations table) matched to the journal's files, and the files not applied yet",
        response: { 200: appliedMigrationsResponseSchema },
      },
    },
    async () => migrations.appliedMigrations(),
  );

  app.get(
    '/admin/migrations/records',
    {
      schema: {
        tags: ['admin'],
        summary: 'The migration records administrators keep, newest first',
        response: { 200: migrationRecordsResponseSchema },
      },
    },
    async () => ({
      records: await migrations.listRecords(),
    }),
  );

  app.post(
    '/admin/migrations/records',
    {
      schema: {
        tags: ['admin'],
        summary: 'Record an applied migration with the SQL that undoes it (audited)',
        body: migrationRecordInputSchema,
        response: { 201: migrationRecordResponseSchema },
      },
    },
    async (request, reply) => {
      const record = await migrations.createRecord(request.body, actorOf(request));
      return reply.status(201).send({ record });
    },
  );

  app.delete(
    '/admin/migrations/records/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a migration as rolled back: its record is removed (audited)',
        params: migrationRecordParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await migrations.removeRecord(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/admin/migrations/records',
    {
      schema: {
        tags: ['admin'],
        summary: 'Clear the migration history: every record is removed (audited)',
        response: { 200: migrationRecordsClearedSchema },
      },
    },
    async (request) => ({ deleted: await migrations.clearRecords(actorOf(request)) }),
  );
};
