import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translationServices } from '#shared/translation-services';
import type { RouteContext } from '../../app-context.ts';
import { isAdmin } from '../../lib/viewer.ts';
import type { HealthReport } from './health.service.ts';

const componentSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  /** Administrators only: error texts name hosts, paths and versions. */
  detail: z.string().optional(),
});
const healthSchema = z.object({
  /** ok; degraded: an optional dependency fails, still in rotation; unavailable: out of rotation. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  shuttingDown: z.boolean(),
  database: componentSchema,
  storage: componentSchema.extend({ kind: z.enum(['disk', 's3']) }),
  /** ffmpeg, for the content studio; reported, never a reason to answer 503. */
  audioDecoding: componentSchema,
  /**
   * Administrators only: the translation services that serve this site, in the order they are
   * asked (empty: none; decision 044). Reported, never a reason to answer 503.
   */
  translation: z.object({ services: z.array(z.enum(translationServices)) }).optional(),
});

/** The report as a caller may see it: details only for administrators. */
function visibleReport(report: HealthReport, admin: boolean): z.infer<typeof healthSchema> {
  if (admin) return report;
  const hide = <T extends { detail?: string }>({ detail: _detail, ...rest }: T) => rest;
  const { translation: _translation, ...rest } = report;
  return {
    ...rest,
    database: hide(report.database),
    storage: hide(report.storage),
    audioDecoding: hide(report.audioDecoding),
  };
}

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

  // '/health' is the older address of the same report.
  for (const url of ['/health/ready', '/health']) {
    app.get(
      url,
      {
        schema: {
          tags: ['system'],
          summary:
            'Readiness: 200 while the database answers and the instance is not shutting down, else 503',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const checked = await health.check();
        return reply
          .status(checked.status === 'unavailable' ? 503 : 200)
          .header('Cache-Control', 'no-store')
          .send(visibleReport(checked, isAdmin(request.viewer)));
      },
    );
  }
};
