import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';

const componentSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  detail: z.string().optional(),
});
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentSchema,
  storage: componentSchema.extend({ kind: z.enum(['disk', 's3']) }),
});

async function timed(check: () => Promise<{ ok: boolean; detail?: string }>) {
  const started = performance.now();
  try {
    const result = await check();
    return { ...result, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
      latencyMs: Math.round(performance.now() - started),
    };
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
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
      const [database, storage] = await Promise.all([
        timed(async () => {
          await context.database.db.execute(sql`select 1`);
          return { ok: true };
        }),
        timed(() => context.storage.check()),
      ]);
      const ok = database.ok && storage.ok;
      return reply
        .status(ok ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({
          status: ok ? 'ok' : 'degraded',
          database,
          storage: { ...storage, kind: context.storage.kind },
        });
    },
  );
};
