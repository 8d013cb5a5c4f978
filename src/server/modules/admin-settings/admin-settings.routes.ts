import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cacheClearResponseSchema,
  healthCheckResponseSchema,
  logoInputSchema,
  logoResponseSchema,
  paymentServiceParamsSchema,
  paymentServiceResponseSchema,
  paymentServicesResponseSchema,
  platformSettingsResponseSchema,
  platformSettingsSchema,
  updatePaymentServiceBodySchema,
} from '#shared/contracts/admin-settings';
import {
  publishingSettingsResponseSchema,
  publishingSettingsSchema,
} from '#shared/contracts/publishing';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

const tags = ['admin'];

/** /api/admin/… routes of the System Settings screen (guarded by admin/admin-scope.ts). */
export const adminSettingsRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { settings } = services.admin;

  app.get(
    '/admin/logo',
    {
      schema: {
        tags,
        summary: 'The active logo (logo_settings), or null for the default logo',
        response: { 200: logoResponseSchema },
      },
    },
    async () => ({ logo: await settings.getLogo() }),
  );

  app.put(
    '/admin/logo',
    {
      schema: {
        tags,
        summary:
          'A new active logo (https address or /api/files/<series-images|uploads>/<key>); the previous one is deactivated',
        body: logoInputSchema,
        response: { 200: logoResponseSchema },
      },
    },
    async (request) => ({ logo: await settings.updateLogo(request.body, actorOf(request)) }),
  );

  app.get(
    '/admin/platform-settings',
    {
      schema: {
        tags,
        summary: 'Platform name, description and support email',
        response: { 200: platformSettingsResponseSchema },
      },
    },
    async () => ({ settings: await settings.getPlatformSettings() }),
  );

  app.put(
    '/admin/platform-settings',
    {
      schema: {
        tags,
        summary: 'Save the platform name (1–100), description (≤ 500) and support email',
        body: platformSettingsSchema,
        response: { 200: platformSettingsResponseSchema },
      },
    },
    async (request) => ({
      settings: await settings.updatePlatformSettings(request.body, actorOf(request)),
    }),
  );

  app.get(
    '/admin/publishing-settings',
    {
      schema: {
        tags,
        summary: 'Whether unreviewed machine translations and glosses may be published',
        response: { 200: publishingSettingsResponseSchema },
      },
    },
    async () => ({ settings: await settings.getPublishingSettings() }),
  );

  app.put(
    '/admin/publishing-settings',
    {
      schema: {
        tags,
        summary:
          'Set whether unreviewed machine output may be published (marked for learners) or must be reviewed first',
        body: publishingSettingsSchema,
        response: { 200: publishingSettingsResponseSchema },
      },
    },
    async (request) => ({
      settings: await settings.updatePublishingSettings(request.body, actorOf(request)),
    }),
  );

  app.get(
    '/admin/payment-services',
    {
      schema: {
        tags,
        summary: 'Payment services (stripe, paypal): switch and what each needs',
        response: { 200: paymentServicesResponseSchema },
      },
    },
    async () => ({ services: await settings.listPaymentServices() }),
  );

  app.patch(
    '/admin/payment-services/:serviceName',
    {
      schema: {
        tags,
        summary: "Switch a payment service on or off (the spec's update of is_enabled)",
        params: paymentServiceParamsSchema,
        body: updatePaymentServiceBodySchema,
        response: { 200: paymentServiceResponseSchema },
      },
    },
    async (request) => ({
      service: await settings.updatePaymentService(
        request.params.serviceName,
        request.body,
        actorOf(request),
      ),
    }),
  );

  app.get(
    '/admin/health-check',
    {
      schema: {
        tags,
        summary: 'System health: the caller’s session, one story id, one object in audios',
        response: { 200: healthCheckResponseSchema },
      },
    },
    async (request) => settings.healthCheck(request.viewer),
  );

  app.post(
    '/admin/cache/clear',
    {
      schema: {
        tags,
        summary:
          "Drop every instance's cached site settings, logo, tracking tags and story list (a change notice through PostgreSQL)",
        response: { 200: cacheClearResponseSchema },
      },
    },
    async (request) => {
      await settings.clearCaches(actorOf(request));
      return { cleared: true as const };
    },
  );
};
