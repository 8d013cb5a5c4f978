import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  chapterVocabularyResponseSchema,
  progressListResponseSchema,
  progressQuerySchema,
  recentProgressResponseSchema,
  reportListeningBodySchema,
  reportListeningResponseSchema,
  saveProgressBodySchema,
  saveProgressResponseSchema,
  storyKnowledgeResponseSchema,
  vocabularyResponseSchema,
} from '#shared/contracts/progress';
import { idParamsSchema } from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { signedInUserId, signedInViewer } from '../../lib/http/guards.ts';
import { openEventStream } from '../../lib/http/sse.ts';

const errors = { 404: apiErrorSchema };

type SaveProgressResponse = z.infer<typeof saveProgressResponseSchema>;

/**
 * The answer to a save, written field by field: the player saves every few seconds, and checking
 * the service's own typed answer against the zod schema before JSON.stringify cost more than
 * writing it (issue 13's benchmark). Only the schema's fields are written, as zod's parse would
 * keep them; the schema still documents the answer, and errors are serialized as everywhere.
 */
export const serializeSaveProgress = ({
  applied,
  progress,
  newAchievements,
}: SaveProgressResponse) =>
  JSON.stringify({
    applied,
    progress: {
      chapterId: progress.chapterId,
      progressPercentage: progress.progressPercentage,
      completed: progress.completed,
      lastPositionSeconds: progress.lastPositionSeconds,
      lastAccessedAt: progress.lastAccessedAt,
      savedAt: progress.savedAt,
    },
    newAchievements,
  });

type RouteSerializer = Parameters<typeof serializerCompiler>[0];
const saveSerializerCompiler = (route: { httpStatus?: string }) =>
  route.httpStatus === '200'
    ? (data: unknown) => serializeSaveProgress(data as SaveProgressResponse)
    : serializerCompiler(route as RouteSerializer);

export const progressRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services, onShutdown },
) => {
  const { progress, vocabulary } = services;
  const tags = ['progress'];

  app.post(
    '/progress',
    {
      schema: {
        tags,
        summary: 'Save the listening position of a chapter (newest save wins)',
        body: saveProgressBodySchema,
        response: { 200: saveProgressResponseSchema, ...errors },
      },
      serializerCompiler: saveSerializerCompiler,
      // The answer is far below @fastify/compress's 1 KB threshold: skip its hooks.
      compress: false,
    },
    async (request) => progress.save(signedInViewer(request), request.body),
  );

  app.post(
    '/progress/listening',
    {
      schema: {
        tags,
        summary:
          "Report a listening session's running total of seconds listened (the largest report is kept)",
        body: reportListeningBodySchema,
        response: { 200: reportListeningResponseSchema, ...errors },
      },
      compress: false,
    },
    async (request) => progress.reportListening(signedInViewer(request), request.body),
  );

  app.get(
    '/progress',
    {
      schema: {
        tags,
        summary: 'Your progress, newest first; `chapterIds` (comma-separated) narrows it',
        querystring: progressQuerySchema,
        response: { 200: progressListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      progress: await progress.list(signedInUserId(request), request.query.chapterIds),
    }),
  );

  app.get(
    '/progress/recent',
    {
      schema: {
        tags,
        summary: 'Your last 3 chapters with their stories, newest first',
        response: { 200: recentProgressResponseSchema, ...errors },
      },
    },
    async (request) => ({ chapters: await progress.recent(signedInUserId(request)) }),
  );

  app.get(
    '/vocabulary',
    {
      schema: {
        tags,
        summary: 'Words learned, stories completed, average words per story',
        response: { 200: vocabularyResponseSchema, ...errors },
      },
    },
    async (request) => ({ vocabulary: await vocabulary.get(signedInUserId(request)) }),
  );

  app.get(
    '/chapters/:id/vocabulary',
    {
      schema: {
        tags,
        summary: "Which of a chapter's words are new to you, and the share you already know",
        params: idParamsSchema,
        response: { 200: chapterVocabularyResponseSchema, ...errors },
      },
    },
    async (request) => vocabulary.chapterKnowledge(signedInViewer(request), request.params.id),
  );

  app.get(
    '/me/story-knowledge',
    {
      schema: {
        tags,
        summary: "The share of each published story's words you know, and its words new to you",
        response: { 200: storyKnowledgeResponseSchema },
      },
    },
    async (request) => ({
      stories: await vocabulary.storyKnowledge(signedInViewer(request)),
    }),
  );

  app.get(
    '/progress/events',
    {
      schema: {
        tags,
        summary: 'Server-Sent Events: your progress saved on other pages and devices',
      },
    },
    async (request, reply) => {
      const userId = signedInUserId(request);
      const stream = openEventStream(request, reply, onShutdown);
      const stop = await progress.follow(userId, (event) => stream.send('progress', event));
      stream.send('ready', {});
      stream.onClose(stop);
    },
  );
};
