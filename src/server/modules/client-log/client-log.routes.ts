import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const clientLogSchema = z
  .object({
    kind: z.enum(['not_found', 'error']),
    path: z.string().max(2048),
    code: z.string().max(64).optional(),
    message: z.string().max(1000).optional(),
  })
  .strict();

/** Lets the client report what the server cannot see: unknown routes and client-side errors. */
export const clientLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client-log',
    {
      schema: {
        tags: ['system'],
        summary: 'Record an unknown route or a client error in the server log',
        body: clientLogSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { kind, path, code, message } = request.body;
      request.log.warn(
        { clientEvent: kind, path, code, message },
        kind === 'not_found' ? 'client route not found (404)' : 'client error',
      );
      return reply.status(204).send(null);
    },
  );
};
