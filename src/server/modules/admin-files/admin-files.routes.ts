import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireAdmin } from '../../lib/http/guards.ts';

/** /api/admin/… routes of this screen: every one behind requireAdmin. */
export const adminFilesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', requireAdmin);
  void context;
};
