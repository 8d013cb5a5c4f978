import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reviewAnswersBodySchema,
  reviewAnswersResponseSchema,
  reviewDayQuerySchema,
  reviewQueueResponseSchema,
  reviewRoutes,
  reviewSettingsResponseSchema,
  reviewSummaryResponseSchema,
  updateReviewSettingsBodySchema,
} from '#shared/contracts/review';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { underApi } from '../../lib/http/api-path.ts';
import { signedInViewer } from '../../lib/http/guards.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';

const errors = { 429: apiErrorSchema };

/** Review of saved items with FSRS (decision 035). */
export const reviewRoutesPlugin: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { review } = services;
  const tags = ['review'];

  app.get(
    underApi(reviewRoutes.queue),
    {
      schema: {
        tags,
        summary: 'Cards to review now: due first, then new ones within the daily limit',
        querystring: reviewDayQuerySchema,
        response: { 200: reviewQueueResponseSchema, ...errors },
      },
    },
    async (request) => review.queue(signedInViewer(request), request.query.timezoneOffset),
  );

  app.get(
    underApi(reviewRoutes.summary),
    {
      schema: {
        tags,
        summary: 'How many cards are due and how many new ones may be introduced today',
        querystring: reviewDayQuerySchema,
        response: { 200: reviewSummaryResponseSchema, ...errors },
      },
    },
    async (request) => review.summary(signedInViewer(request), request.query.timezoneOffset),
  );

  app.post(
    underApi(reviewRoutes.answers),
    {
      schema: {
        tags,
        summary: 'Record review answers (idempotent by answerId; newest answer per card wins)',
        querystring: reviewDayQuerySchema,
        body: reviewAnswersBodySchema,
        response: { 200: reviewAnswersResponseSchema, ...errors },
      },
    },
    async (request) =>
      review.answer(
        { viewer: signedInViewer(request), origin: requestOrigin(request) },
        request.body,
        request.query.timezoneOffset,
      ),
  );

  app.get(
    underApi(reviewRoutes.settings),
    {
      schema: {
        tags,
        summary: 'Your review settings (the daily new-card limit)',
        response: { 200: reviewSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ settings: await review.settings(signedInViewer(request)) }),
  );

  app.put(
    underApi(reviewRoutes.settings),
    {
      schema: {
        tags,
        summary: 'Set your review settings',
        body: updateReviewSettingsBodySchema,
        response: { 200: reviewSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      settings: await review.updateSettings(signedInViewer(request), request.body),
    }),
  );
};
