import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserParamsSchema,
  adminUsersListResponseSchema,
  adminUsersQuerySchema,
  updateUserRoleBodySchema,
  updateUserRoleResponseSchema,
} from '#shared/contracts/admin-users';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { requireAdmin, signedInUserId } from '../../lib/http/guards.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';
import { createAdminUsersService } from './admin-users.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** /api/admin/… routes of this screen: every one behind requireAdmin. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', requireAdmin);
  const users = createAdminUsersService({
    db: context.database.db,
    audit: context.services.audit,
  });
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Profiles newest first with their role; search over e-mail and full name',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return users.list(request.query.search);
    },
  );

  app.patch(
    '/admin/users/:id/role',
    {
      schema: {
        tags,
        summary: "Set a user's role to user or admin (audited as role_changed)",
        params: adminUserParamsSchema,
        body: updateUserRoleBodySchema,
        response: {
          200: updateUserRoleResponseSchema,
          ...errors,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = await users.changeRole({
        actorId: signedInUserId(request),
        targetUserId: request.params.id,
        role: request.body.role,
        origin: requestOrigin(request),
      });
      return { user };
    },
  );
};
