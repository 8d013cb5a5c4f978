import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobIdParamsSchema, jobResponseSchema } from '#shared/contracts/jobs';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

const tags = ['admin jobs'];
const errors = {
  404: apiErrorSchema,
};

/** /api/admin/jobs/… (contracts in src/shared/contracts/jobs.ts), inside the admin scope. */
export const adminJobsRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { jobs } = services.admin;

  app.get(
    '/admin/jobs/:id',
    {
      schema: {
        tags,
        summary: 'One background job: status, stage, progress, error or result',
        params: jobIdParamsSchema,
        response: { 200: jobResponseSchema, ...errors },
      },
    },
    async (request) => ({
      job: await jobs.get(request.params.id),
    }),
  );

  app.post(
    '/admin/jobs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels a job: a queued one at once, a running one at its next step',
        params: jobIdParamsSchema,
        response: { 200: jobResponseSchema, ...errors },
      },
    },
    async (request) => ({ job: await jobs.cancel(request.params.id, actorOf(request)) }),
  );
};
