import type { FastifyInstance } from 'fastify';
import { apiErrorSchema } from '#shared/errors';

/**
 * What a route scope (an encapsulated plugin: the API, the admin area, the signed-in learner's
 * routes) says once for every route registered inside it, instead of each route file repeating
 * it. Call these before registering the scope's routes.
 */

/**
 * Every answer of the scope carries `Cache-Control: no-store` (personal or administrative data
 * that no browser or proxy may keep), unless its route chose a Cache-Control of its own (a file
 * sent with `private, no-store` and its ETag). Errors included.
 */
export function answerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}

/** The schema of each status, in the common error shape. */
const errorAnswers = (statuses: readonly number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));

/**
 * Declares the error answers of the scope's routes in their response schemas (so the answers are
 * serialised through the common error shape and the API documentation lists them): `statuses`
 * on every route (what the scope's guard answers: 401, 403), and 400 on every route that
 * validates params, a query or a body. A route's schema adds its own (404, 409, 413, 429…).
 */
export function declareErrorAnswers(app: FastifyInstance, statuses: readonly number[] = []): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const validates = Boolean(schema.params ?? schema.querystring ?? schema.body);
    const declared = errorAnswers(validates ? [400, ...statuses] : statuses);
    if (Object.keys(declared).length === 0) return;
    route.schema = {
      ...schema,
      response: { ...declared, ...(schema.response as Record<string, unknown> | undefined) },
    };
  });
}
