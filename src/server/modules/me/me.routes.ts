import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_BYTES,
  achievementsResponseSchema,
  membershipResponseSchema,
  preferencesResponseSchema,
  profileResponseSchema,
  statisticsResponseSchema,
  updatePreferencesBodySchema,
  updateProfileBodySchema,
} from '#shared/contracts/me';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { signedInUserId } from '../../lib/http/guards.ts';
import { readUpload } from '../../lib/uploads.ts';

/** A multipart upload refused: malformed (400), too large (413), not an image it takes (415). */
const uploadErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** /api/me/*: the signed-in user's own rows, never anyone else's (the id comes from the session). */
export const meRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { me } = services;
  const tags = ['me'];

  app.get(
    '/me/profile',
    {
      schema: {
        tags,
        summary: 'Your profile',
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({ profile: await me.getProfile(signedInUserId(request)) }),
  );

  app.patch(
    '/me/profile',
    {
      schema: {
        tags,
        summary: 'Change your full name',
        body: updateProfileBodySchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({
      profile: await me.updateProfile(signedInUserId(request), request.body.fullName),
    }),
  );

  app.post(
    '/me/avatar',
    {
      schema: {
        tags,
        summary: 'Upload an avatar (JPEG, PNG or WebP, at most 5 MB; field `file`)',
        consumes: ['multipart/form-data'],
        response: { 200: profileResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const file = await readUpload(request, AVATAR_MAX_BYTES);
      return { profile: await me.updateAvatar(signedInUserId(request), file) };
    },
  );

  app.get(
    '/me/preferences',
    {
      schema: {
        tags,
        summary: 'Your preferences',
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => ({ preferences: await me.getPreferences(signedInUserId(request)) }),
  );

  app.patch(
    '/me/preferences',
    {
      schema: {
        tags,
        summary: 'Change one or more preferences',
        body: updatePreferencesBodySchema,
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => ({
      preferences: await me.updatePreferences(signedInUserId(request), request.body),
    }),
  );

  app.get(
    '/me/statistics',
    {
      schema: {
        tags,
        summary: 'Your listening statistics',
        response: { 200: statisticsResponseSchema },
      },
    },
    async (request) => ({ statistics: await me.getStatistics(signedInUserId(request)) }),
  );

  app.get(
    '/me/achievements',
    {
      schema: {
        tags,
        summary: 'Your achievements, newest first',
        response: { 200: achievementsResponseSchema },
      },
    },
    async (request) => ({ achievements: await me.getAchievements(signedInUserId(request)) }),
  );

  app.get(
    '/me/membership',
    {
      schema: {
        tags,
        summary: 'Your supporter membership',
        response: { 200: membershipResponseSchema },
      },
    },
    async (request) => ({ membership: await me.getMembership(signedInUserId(request)) }),
  );
};
