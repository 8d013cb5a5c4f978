import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardResponseSchema } from '#shared/contracts/me';
import {
  supportSettingsResponseSchema,
  updateSupportSettingsBodySchema,
} from '#shared/contracts/support';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

const tags = ['admin'];

/**
 * /api/admin/dashboard and /api/admin/support-settings, guarded by the admin scope
 * (admin-scope.ts). The support switches are the payments service's settings; their changes
 * are audited there.
 */
export const adminRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { dashboard } = services.admin;
  const { payments } = services;

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Counts of stories, chapters, profiles and feedback',
        response: { 200: adminDashboardResponseSchema },
      },
    },
    async () => dashboard.overview(),
  );

  app.get(
    '/admin/support-settings',
    {
      schema: {
        tags,
        summary: 'Support settings (support_enabled and the first tier)',
        response: { 200: supportSettingsResponseSchema },
      },
    },
    async () => ({ settings: await payments.getSupportSettings() }),
  );

  app.patch(
    '/admin/support-settings',
    {
      schema: {
        tags,
        summary:
          'Change support_enabled or the first tier (amount 1–1000, description ≤ 50; audited as support_settings_updated)',
        body: updateSupportSettingsBodySchema,
        response: { 200: supportSettingsResponseSchema },
      },
    },
    async (request) => ({
      settings: await payments.updateSupportSettings(request.body, actorOf(request)),
    }),
  );
};
