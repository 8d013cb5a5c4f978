import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  historyQuerySchema,
  historyResponseSchema,
  historyRoutes,
} from '#shared/contracts/history';
import type { RouteContext } from '../../app-context.ts';
import { underApi } from '../../lib/http/api-path.ts';
import { signedInViewer } from '../../lib/http/guards.ts';

/** GET /api/me/history: the profile's charts (decision 070). In the learner scope. */
export const historyRoutesPlugin: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  app.get(
    underApi(historyRoutes.history),
    {
      schema: {
        tags: ['me'],
        summary: "The learner's last eight weeks, review forecast and streak",
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) =>
      services.history.get(
        signedInViewer(request).userId,
        new Date(),
        request.query.timezoneOffset,
      ),
  );
};
