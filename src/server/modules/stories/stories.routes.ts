import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chapterResponseSchema,
  idParamsSchema,
  slugParamsSchema,
  storyListResponseSchema,
  storyResponseSchema,
} from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import { transcriptSchema } from '#shared/transcript';
import { sendObject } from '../../lib/storage/send-object.ts';
import type { RouteContext } from '../../app-context.ts';
import { toChapter, toStory, toStorySummary } from './stories.mapper.ts';
import type { StoryWithChapters } from './stories.repository.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const storiesRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services, storage },
) => {
  const { stories } = services;

  app.get(
    '/stories',
    {
      schema: {
        tags: ['stories'],
        summary: 'Published stories with their chapters, ordered by position',
        response: { 200: storyListResponseSchema },
      },
    },
    async (request, reply) => {
      const rows = await stories.listStories(request.viewer);
      // The same rows give the same JSON: serialise once per cached list, not once per request.
      // A string payload skips the schema serializer; it was checked against the schema when made.
      return reply.type('application/json; charset=utf-8').send(serializedList(rows) as never);
    },
  );

  app.get(
    '/stories/:id',
    {
      schema: {
        tags: ['stories'],
        summary: 'One story by id',
        params: idParamsSchema,
        response: { 200: storyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      story: toStory(await stories.getStory(request.viewer, request.params.id)),
    }),
  );

  app.get(
    '/stories/by-slug/:slug',
    {
      schema: {
        tags: ['stories'],
        summary: 'One published story by slug',
        params: slugParamsSchema,
        response: { 200: storyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      story: toStory(await stories.getPublishedStoryBySlug(request.params.slug)),
    }),
  );

  app.get(
    '/chapters/:id',
    {
      schema: {
        tags: ['chapters'],
        summary: 'One chapter with its story',
        params: idParamsSchema,
        response: { 200: chapterResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { chapter, story } = await stories.getChapter(request.viewer, request.params.id);
      return { chapter: { ...toChapter(chapter), story: toStorySummary(story) } };
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/chapters/:id/audio',
    // Byte ranges and ETags describe the stored bytes: never re-encode them.
    compress: false,
    schema: {
      tags: ['chapters'],
      summary: "The chapter's audio (supports HTTP Range requests)",
      params: idParamsSchema,
    },
    handler: async (request, reply) => {
      const media = await stories.getChapterMedia(request.viewer, request.params.id, 'audio');
      return sendObject(request, reply, storage, media.bucket, media.key, {
        cacheControl: cacheControlFor(media.story.requiresLogin),
      });
    },
  });

  app.get(
    '/chapters/:id/transcript',
    {
      schema: {
        tags: ['chapters'],
        summary: "The chapter's timed transcript (legacy text files are converted to JSON)",
        params: idParamsSchema,
        response: { 200: transcriptSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { transcript, etag, story } = await stories.getTranscript(
        request.viewer,
        request.params.id,
      );
      reply.header('Cache-Control', cacheControlFor(story.requiresLogin)).header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return transcript;
    },
  );
};

const serializedLists = new WeakMap<object, string>();

/** JSON of a story list, computed once per list object (the service caches the published one). */
function serializedList(rows: StoryWithChapters[]): string {
  let json = serializedLists.get(rows);
  if (json === undefined) {
    json = JSON.stringify(storyListResponseSchema.parse({ stories: rows.map(toStory) }));
    serializedLists.set(rows, json);
  }
  return json;
}

const cacheControlFor = (requiresLogin: boolean) =>
  requiresLogin ? 'private, max-age=3600' : 'public, max-age=3600';
