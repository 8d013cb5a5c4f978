import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditListResponseSchema, adminAuditQuerySchema } from '#shared/contracts/admin-audit';
import type { RouteContext } from '../../app-context.ts';

/** /api/admin/audit: the audit log viewer (guarded by the admin scope, admin/admin-scope.ts). */
export const adminAuditRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { auditLog } = services.admin;

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Audit log entries newest first; filters: event type, user e-mail, date range (from inclusive, to exclusive)',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListResponseSchema },
      },
    },
    async (request) => auditLog.list(request.query),
  );
};
