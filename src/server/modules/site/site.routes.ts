import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactBodySchema,
  contactResponseSchema,
  siteSettingsResponseSchema,
  trackingTagsResponseSchema,
} from '#shared/contracts/site';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';

export const siteRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { site, contact } = services;

  app.get(
    '/site/settings',
    {
      schema: {
        tags: ['site'],
        summary: 'Site images (home_page_settings, in key order) and the active logo',
        response: { 200: siteSettingsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return site.getSettings();
    },
  );

  app.get(
    '/tracking-tags',
    {
      schema: {
        tags: ['site'],
        summary: 'Active tracking tags, oldest first',
        response: { 200: trackingTagsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { tags: await site.getTrackingTags() };
    },
  );

  app.post(
    '/contact',
    {
      schema: {
        tags: ['site'],
        summary: 'Send a message to the team (stored as feedback; 5 per hour per address)',
        body: contactBodySchema,
        response: { 201: contactResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await contact.send(request.body, {
        userId: request.viewer.userId,
        origin: requestOrigin(request),
      });
      return reply.status(201).send({ ok: true as const });
    },
  );
};
