import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateBodySchema, translateResponseSchema } from '#shared/contracts/translate';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';

export const translateRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { translate } = services;

  app.post(
    '/translate',
    {
      schema: {
        tags: ['translate'],
        summary:
          'Translate a word, a line or a selection (story text, then dictionary, then a provider)',
        body: translateBodySchema,
        response: {
          200: translateResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) =>
      translate.translate({ viewer: request.viewer, origin: requestOrigin(request) }, request.body),
  );
};
