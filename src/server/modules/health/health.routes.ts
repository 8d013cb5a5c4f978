import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-context.ts';

const componentSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  detail: z.string().optional(),
});
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentSchema,
  storage: componentSchema.extend({ kind: z.enum(['disk', 's3']) }),
  /** ffmpeg, for the content studio; reported, never a reason to answer 503. */
  audioDecoding: componentSchema,
});

export const healthRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { health } = services;
  // Liveness for load balancers: the process answers, without touching database or storage.
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process is up (no database or storage check)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Database and storage status',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const report = await health.check();
      // A degraded instance answers 503 so that load balancers stop sending it traffic.
      return reply
        .status(report.status === 'ok' ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(report);
    },
  );
};
