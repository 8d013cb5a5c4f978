import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  placementAnswersBodySchema,
  placementResponseSchema,
  placementTakenResponseSchema,
  placementTestSchema,
} from '#shared/contracts/placement';
import { placementRoutes } from '#shared/contracts/placement-routes';
import type { RouteContext } from '../../app-context.ts';
import { underApi } from '../../lib/http/api-path.ts';
import { signedInViewer } from '../../lib/http/guards.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';

/** Placement (decision 071): in the learner scope. */
export const placementRoutesPlugin: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { placement } = services;
  const tags = ['placement'];

  app.get(
    underApi(placementRoutes.test),
    {
      schema: {
        tags,
        summary: 'A fresh placement test from the published stories (answers stay on the server)',
        response: { 200: placementTestSchema },
      },
    },
    async (request) =>
      placement.test({ viewer: signedInViewer(request), origin: requestOrigin(request) }),
  );

  app.get(
    underApi(placementRoutes.placement),
    {
      schema: {
        tags,
        summary: 'Your placement: starting level and known-word estimate (null when never taken)',
        response: { 200: placementResponseSchema },
      },
    },
    async (request) => ({ placement: await placement.get(signedInViewer(request).userId) }),
  );

  app.post(
    underApi(placementRoutes.placement),
    {
      schema: {
        tags,
        summary: "Score a placement test's answers and keep the result (a retake replaces it)",
        body: placementAnswersBodySchema,
        response: { 200: placementTakenResponseSchema },
      },
    },
    async (request) => ({
      placement: await placement.take(
        { viewer: signedInViewer(request), origin: requestOrigin(request) },
        request.body,
      ),
    }),
  );
};
