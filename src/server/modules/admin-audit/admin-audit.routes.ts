import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditListResponseSchema, adminAuditQuerySchema } from '#shared/contracts/admin-audit';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

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
        response: { 200: adminAuditListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return auditLog.list(request.query);
    },
  );
};
