import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInboxListResponseSchema,
  adminInboxQuerySchema,
  inboxMessageParamsSchema,
  inboxMessageResponseSchema,
  updateInboxMessageBodySchema,
} from '#shared/contracts/admin-inbox';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

const tags = ['admin'];

/** /api/admin/inbox…: the contact messages (guarded by the admin scope, admin/admin-scope.ts). */
export const adminInboxRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { inbox } = services.admin;

  app.get(
    '/admin/inbox',
    {
      schema: {
        tags,
        summary: 'Contact messages newest first; filters: open/handled/all, category',
        querystring: adminInboxQuerySchema,
        response: { 200: adminInboxListResponseSchema },
      },
    },
    async (request) => inbox.list(request.query),
  );

  app.get(
    '/admin/inbox/:id',
    {
      schema: {
        tags,
        summary: 'One contact message in full',
        params: inboxMessageParamsSchema,
        response: { 200: inboxMessageResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ message: await inbox.get(request.params.id) }),
  );

  app.patch(
    '/admin/inbox/:id',
    {
      schema: {
        tags,
        summary:
          'Mark a message handled (by you, now) or open again (audited: contact_message_handled / contact_message_reopened)',
        params: inboxMessageParamsSchema,
        body: updateInboxMessageBodySchema,
        response: { 200: inboxMessageResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      message: await inbox.setHandled(request.params.id, request.body.handled, actorOf(request)),
    }),
  );
};
