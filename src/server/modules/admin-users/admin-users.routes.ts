import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserParamsSchema,
  adminUsersListResponseSchema,
  adminUsersQuerySchema,
  updateUserRoleBodySchema,
  updateUserRoleResponseSchema,
} from '#shared/contracts/admin-users';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

/** /api/admin/… routes of the users screen (guarded by the admin scope, admin/admin-scope.ts). */
export const adminUsersRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { users } = services.admin;
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Profiles newest first with their role; search over e-mail and full name',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersListResponseSchema },
      },
    },
    async (request) => users.list(request.query.search),
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
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      user: await users.changeRole(request.params.id, request.body.role, actorOf(request)),
    }),
  );
};
