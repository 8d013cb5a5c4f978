import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientLogEventSchema } from '#shared/contracts/client-log';
import type { RouteContext } from '../../app-context.ts';

/** Lets the client report what the server cannot see: unknown routes and client-side errors. */
export const clientLogRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { clientLog } = services;

  app.post(
    '/client-log',
    {
      schema: {
        tags: ['system'],
        summary: 'Record an unknown route or a client error in the server log',
        body: clientLogEventSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      clientLog.record(request.body, request.id);
      return reply.status(204).send(null);
    },
  );
};
