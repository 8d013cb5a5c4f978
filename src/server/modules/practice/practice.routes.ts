import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  practiceAnswersBodySchema,
  practiceAnswersResponseSchema,
  practiceRoutes,
} from '#shared/contracts/practice';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { underApi } from '../../lib/http/api-path.ts';
import { signedInViewer } from '../../lib/http/guards.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';

/** Answers to the exercises made from a chapter's audio (decision 066). */
export const practiceRoutesPlugin: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { practice } = services;

  app.post(
    underApi(practiceRoutes.answers),
    {
      schema: {
        tags: ['practice'],
        summary:
          'Record exercise answers (idempotent by answerId); a wrong one makes a review card',
        body: practiceAnswersBodySchema,
        response: { 200: practiceAnswersResponseSchema, 429: apiErrorSchema },
      },
    },
    async (request) =>
      practice.answer(
        { viewer: signedInViewer(request), origin: requestOrigin(request) },
        request.body,
      ),
  );
};
