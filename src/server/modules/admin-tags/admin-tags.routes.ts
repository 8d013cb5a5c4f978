import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTrackingTagListResponseSchema,
  adminTrackingTagParamsSchema,
  adminTrackingTagResponseSchema,
  createTrackingTagBodySchema,
  updateTrackingTagBodySchema,
} from '#shared/contracts/admin-tags';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

const tags = ['admin'];
/** A 20 KB script and its fields, JSON-escaped, with room to spare; larger bodies get a 413. */
const TAG_BODY_LIMIT = 64 * 1024;

/** /api/admin/tracking-tags: the tracking tags the public pages inject (admin scope). */
export const adminTagsRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const service = services.admin.tags;

  app.get(
    '/admin/tracking-tags',
    {
      schema: {
        tags,
        summary: 'Every tracking tag, active or not, newest first',
        response: { 200: adminTrackingTagListResponseSchema },
      },
    },
    async () => ({ tags: await service.list() }),
  );

  app.post(
    '/admin/tracking-tags',
    {
      bodyLimit: TAG_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a tracking tag (its id must match its type; custom tags carry a script)',
        body: createTrackingTagBodySchema,
        response: {
          201: adminTrackingTagResponseSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const tag = await service.create(request.body, actorOf(request));
      return reply.status(201).send({ tag });
    },
  );

  app.put(
    '/admin/tracking-tags/:id',
    {
      bodyLimit: TAG_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change a tracking tag: the fields sent change, and the result is checked again',
        params: adminTrackingTagParamsSchema,
        body: updateTrackingTagBodySchema,
        response: {
          200: adminTrackingTagResponseSchema,
          404: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      tag: await service.update(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/admin/tracking-tags/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tracking tag',
        params: adminTrackingTagParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
