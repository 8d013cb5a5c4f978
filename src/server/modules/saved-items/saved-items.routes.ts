import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  saveItemBodySchema,
  savedItemListResponseSchema,
  savedItemParamsSchema,
  savedItemResponseSchema,
  savedItemRoutes,
  savedItemsQuerySchema,
} from '#shared/contracts/saved-items';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { underApi } from '../../lib/http/api-path.ts';
import { signedInViewer } from '../../lib/http/guards.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';

const errors = {
  404: apiErrorSchema,
  429: apiErrorSchema,
};

/** Saved words and sentences (decision 035): own items only. */
export const savedItemsRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { savedItems } = services;
  const tags = ['saved-items'];

  app.get(
    underApi(savedItemRoutes.list),
    {
      schema: {
        tags,
        summary: 'Your saved words and sentences, newest first; q searches them',
        querystring: savedItemsQuerySchema,
        response: { 200: savedItemListResponseSchema, ...errors },
      },
    },
    async (request) => savedItems.list(signedInViewer(request), request.query),
  );

  app.post(
    underApi(savedItemRoutes.create),
    {
      schema: {
        tags,
        summary:
          'Save a line or a word of a chapter (copied from its transcript); 200 when saved before',
        body: saveItemBodySchema,
        response: { 200: savedItemResponseSchema, 201: savedItemResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { item, created } = await savedItems.save(
        { viewer: signedInViewer(request), origin: requestOrigin(request) },
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ item });
    },
  );

  app.delete(
    underApi(`${savedItemRoutes.list}/:id`),
    {
      schema: {
        tags,
        summary: 'Delete a saved item (and its review history); one already gone is success too',
        params: savedItemParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await savedItems.remove(signedInViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
