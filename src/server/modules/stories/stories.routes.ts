import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chapterResponseSchema,
  idParamsSchema,
  PREVIEW_HEADER,
  previewQuerySchema,
  slugParamsSchema,
  storyListResponseSchema,
  storyResponseSchema,
} from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import { transcriptSchema } from '#shared/transcript';
import { sendObject } from '../../lib/storage/send-object.ts';
import type { RouteContext } from '../../app-context.ts';
import type { StoryView } from './published-revision.ts';
import { toChapterWithStory, toStory } from './stories.mapper.ts';

const errors = { 401: apiErrorSchema, 404: apiErrorSchema };

/** `preview: true` on answers that show the working copy; nothing on the others. */
const previewMark = (preview: boolean) => (preview ? { preview: true as const } : {});

/**
 * An address asking for a preview answers differently by session (an administrator gets the
 * working copy): no cache may keep it, whoever asked and whatever the answer (a refusal too).
 * Returns whether the caller may still set its own caching.
 */
function keepPreviewsPrivate(reply: FastifyReply, asked: boolean): boolean {
  if (!asked) return true;
  reply.header('Cache-Control', 'private, no-store').header('Vary', 'Cookie');
  return false;
}

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
        querystring: previewQuerySchema,
        response: { 200: storyListResponseSchema },
      },
    },
    async (request, reply) => {
      const asked = request.query.preview;
      keepPreviewsPrivate(reply, asked);
      const { stories: list, preview } = await stories.listStories(request.viewer, {
        preview: asked,
      });
      if (preview) return { stories: list.map(toStory), preview: true as const };
      // The same rows give the same JSON: serialise once per cached list, not once per request.
      // A string payload skips the schema serializer; it was checked against the schema when made.
      return reply.type('application/json; charset=utf-8').send(serializedList(list) as never);
    },
  );

  app.get(
    '/stories/:id',
    {
      schema: {
        tags: ['stories'],
        summary: 'One story by id',
        params: idParamsSchema,
        querystring: previewQuerySchema,
        response: { 200: storyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      keepPreviewsPrivate(reply, request.query.preview);
      const { story, preview } = await stories.getStory(request.viewer, request.params.id, {
        preview: request.query.preview,
      });
      return { story: toStory(story), ...previewMark(preview) };
    },
  );

  app.get(
    '/stories/by-slug/:slug',
    {
      schema: {
        tags: ['stories'],
        summary: 'One published story by slug',
        params: slugParamsSchema,
        querystring: previewQuerySchema,
        response: { 200: storyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { story, preview } = await stories.getStoryBySlug(request.viewer, request.params.slug, {
        preview: request.query.preview,
      });
      keepPreviewsPrivate(reply, request.query.preview);
      return { story: toStory(story), ...previewMark(preview) };
    },
  );

  app.get(
    '/chapters/:id',
    {
      schema: {
        tags: ['chapters'],
        summary: 'One chapter with its story',
        params: idParamsSchema,
        querystring: previewQuerySchema,
        response: { 200: chapterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      keepPreviewsPrivate(reply, request.query.preview);
      const { chapter, story, preview } = await stories.getChapter(
        request.viewer,
        request.params.id,
        { preview: request.query.preview },
      );
      return {
        chapter: toChapterWithStory(chapter, story),
        ...previewMark(preview),
      };
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
      querystring: previewQuerySchema,
    },
    handler: async (request, reply) => {
      const cacheable = keepPreviewsPrivate(reply, request.query.preview);
      const media = await stories.getChapterMedia(request.viewer, request.params.id, 'audio', {
        preview: request.query.preview,
      });
      if (media.preview) reply.header(PREVIEW_HEADER, '1');
      return sendObject(request, reply, storage, media.bucket, media.key, {
        cacheControl: cacheable ? cacheControlFor(media.story.requiresLogin) : 'private, no-store',
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
        querystring: previewQuerySchema,
        response: { 200: transcriptSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const cacheable = keepPreviewsPrivate(reply, request.query.preview);
      const { transcript, etag, story, preview } = await stories.getTranscript(
        request.viewer,
        request.params.id,
        { preview: request.query.preview },
      );
      if (preview) reply.header(PREVIEW_HEADER, '1');
      if (cacheable) reply.header('Cache-Control', cacheControlFor(story.requiresLogin));
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return transcript;
    },
  );
};

const serializedLists = new WeakMap<object, string>();

/** JSON of a story list, computed once per list object (the service caches the published one). */
function serializedList(list: StoryView[]): string {
  let json = serializedLists.get(list);
  if (json === undefined) {
    json = JSON.stringify(storyListResponseSchema.parse({ stories: list.map(toStory) }));
    serializedLists.set(list, json);
  }
  return json;
}

const cacheControlFor = (requiresLogin: boolean) =>
  requiresLogin ? 'private, max-age=3600' : 'public, max-age=3600';
