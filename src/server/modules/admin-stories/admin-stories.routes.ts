import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStoryListResponseSchema,
  adminStoryResponseSchema,
  moveStoryBodySchema,
  storyInputSchema,
  storySaveResponseSchema,
} from '#shared/contracts/admin-stories';
import {
  publishBodySchema,
  reviewStateQuerySchema,
  reviewStateResponseSchema,
} from '#shared/contracts/publishing';
import { idParamsSchema } from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

const tags = ['admin-stories'];
const withNotFound = { 404: apiErrorSchema };
const writeErrors = { ...withNotFound, 409: apiErrorSchema, 413: apiErrorSchema };
/** A story's chapters may carry their texts (up to 200,000 characters each: decision 048). */
const STORY_BODY_LIMIT = 8 * 1024 * 1024;

/** /api/admin/stories…: story management of the content screen (guarded by the admin scope). */
export const adminStoriesRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { stories } = services.admin;

  app.get(
    '/admin/stories',
    {
      schema: {
        tags,
        summary: 'Every story, drafts included, by position, with chapters and completeness',
        response: { 200: adminStoryListResponseSchema },
      },
    },
    async () => ({ stories: await stories.listStories() }),
  );

  app.get(
    '/admin/stories/:id',
    {
      schema: {
        tags,
        summary: 'One story (draft or published) with its chapters and their file names',
        params: idParamsSchema,
        response: { 200: adminStoryResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({ story: await stories.getStory(request.params.id) }),
  );

  app.get(
    '/admin/stories/:id/review-state',
    {
      schema: {
        tags,
        summary:
          'What learners would see after publishing (or publishing changes) that no person has reviewed, per chapter',
        params: idParamsSchema,
        querystring: reviewStateQuerySchema,
        response: { 200: reviewStateResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      reviewState: await stories.reviewState(request.params.id, request.query.action),
    }),
  );

  app.post(
    '/admin/stories',
    {
      schema: {
        tags,
        summary:
          'Create a draft story with its chapters (in array order); chapters sent with a text are aligned with their audio',
        body: storyInputSchema,
        response: { 201: storySaveResponseSchema, ...writeErrors },
      },
      bodyLimit: STORY_BODY_LIMIT,
    },
    async (request, reply) => {
      const saved = await stories.createStory(request.body, actorOf(request));
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/admin/stories/:id',
    {
      schema: {
        tags,
        summary:
          'Update a story and its chapters (chapters with an id keep it); chapters sent with a text are aligned with their audio',
        params: idParamsSchema,
        body: storyInputSchema,
        response: { 200: storySaveResponseSchema, ...writeErrors },
      },
      bodyLimit: STORY_BODY_LIMIT,
    },
    async (request) => stories.updateStory(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/admin/stories/:id/status',
    {
      schema: {
        tags,
        summary:
          'Publish a draft or unpublish a published story (publishing acknowledges what is unreviewed: 409 otherwise)',
        params: idParamsSchema,
        // No body (Fastify reads it as null): nothing acknowledged.
        body: publishBodySchema.nullish(),
        response: { 200: adminStoryResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      story: await stories.toggleStatus(
        request.params.id,
        request.body ?? undefined,
        actorOf(request),
      ),
    }),
  );

  app.post(
    '/admin/stories/:id/publish-changes',
    {
      schema: {
        tags,
        summary:
          'Publish the working copy: learners see it from now on (removed chapters are deleted; what is unreviewed must be acknowledged: 409 otherwise)',
        params: idParamsSchema,
        // No body (Fastify reads it as null): nothing acknowledged.
        body: publishBodySchema.nullish(),
        response: { 200: adminStoryResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      story: await stories.publishChanges(
        request.params.id,
        request.body ?? undefined,
        actorOf(request),
      ),
    }),
  );

  app.post(
    '/admin/stories/:id/requires-login',
    {
      schema: {
        tags,
        summary: "Flip the story's login requirement",
        params: idParamsSchema,
        response: { 200: adminStoryResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      story: await stories.toggleRequiresLogin(request.params.id, actorOf(request)),
    }),
  );

  app.post(
    '/admin/stories/:id/move',
    {
      schema: {
        tags,
        summary:
          'Move a story one place up or down, or to a place (the others make room); returns the whole list',
        params: idParamsSchema,
        body: moveStoryBodySchema,
        response: { 200: adminStoryListResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      stories: await stories.moveStory(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/admin/stories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a story with its chapters (their progress and bookmarks go too)',
        params: idParamsSchema,
        response: { 204: z.null(), ...withNotFound },
      },
    },
    async (request, reply) => {
      await stories.deleteStory(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
