import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateBodySchema, translateResponseSchema } from '#shared/contracts/translate';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { rateLimited } from '../../lib/errors.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';
import { rateLimitRules } from '../../lib/rate-limiter.ts';
import { findPreferredLanguage } from './preferred-language.ts';

export const translateRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { translate, limiter } = context.services;

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
    async (request) => {
      const origin = requestOrigin(request);
      const identifier = request.viewer.userId ?? `ip:${origin.ip ?? 'unknown'}`;
      const verdict = await limiter.hit(rateLimitRules.translate, identifier, origin);
      if (!verdict.allowed) {
        throw rateLimited('Too many translations at once. Please wait a moment.', {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      const targetLanguage =
        request.body.targetLanguage ??
        (request.viewer.userId
          ? await findPreferredLanguage(context.database.db, request.viewer.userId)
          : 'en');
      return translate.translate(request.viewer, { ...request.body, targetLanguage });
    },
  );
};
