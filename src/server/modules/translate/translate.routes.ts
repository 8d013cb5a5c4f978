import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  translateBodySchema,
  translateResponseSchema,
  translationLanguagesResponseSchema,
} from '#shared/contracts/translate';
import { previewQuerySchema } from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';

export const translateRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { translate } = services;

  app.get(
    '/translate/languages',
    {
      schema: {
        tags: ['translate'],
        summary:
          "The translation languages this site can serve for the stories' Spanish (English always)",
        response: { 200: translationLanguagesResponseSchema },
      },
    },
    async (_request, reply) => {
      // The same for everyone until the configuration changes (a restart).
      reply.header('Cache-Control', 'public, max-age=300');
      return { languages: translate.targetLanguages() };
    },
  );

  app.post(
    '/translate',
    {
      schema: {
        tags: ['translate'],
        summary:
          'Translate a word, a line or a selection (story text, then dictionary, then a provider)',
        // An administrator's preview of a draft reads the working copy's text (decision 021).
        querystring: previewQuerySchema,
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
      translate.translate(
        { viewer: request.viewer, origin: requestOrigin(request) },
        { ...request.body, preview: request.query.preview },
      ),
  );
};
