import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactBodySchema,
  contactResponseSchema,
  siteSettingsResponseSchema,
  trackingTagsResponseSchema,
} from '#shared/contracts/site';
import { apiErrorSchema } from '#shared/errors';
import { sanitizeText } from '#shared/sanitize';
import { isValidEmail } from '#shared/validation/account-rules';
import type { AppContext } from '../../app-context.ts';
import { feedback } from '../../db/schema.ts';
import { rateLimited, validationError } from '../../lib/errors.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';
import { rateLimitRules } from '../../lib/rate-limiter.ts';

export const siteRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { site, limiter } = context.services;

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
      const body = request.body;
      if (!isValidEmail(body.email)) throw validationError('Please enter a valid email address');
      const clean = {
        name: sanitizeText(body.name, 255),
        subject: sanitizeText(body.subject, 200),
        message: sanitizeText(body.message),
      };
      if (!clean.name || !clean.subject || !clean.message) {
        throw validationError('Please fill in all fields');
      }
      const origin = requestOrigin(request);
      const verdict = await limiter.hit(
        rateLimitRules.contact,
        `ip:${origin.ip ?? 'unknown'}`,
        origin,
      );
      if (!verdict.allowed) {
        throw rateLimited('You have sent several messages already. Please try again later.', {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      await context.database.db.insert(feedback).values({
        ...clean,
        email: body.email,
        category: body.category,
        userId: request.viewer.userId,
      });
      return reply.status(201).send({ ok: true as const });
    },
  );
};
