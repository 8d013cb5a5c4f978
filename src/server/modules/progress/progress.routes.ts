import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chapterVocabularyResponseSchema,
  progressListResponseSchema,
  progressQuerySchema,
  recentProgressResponseSchema,
  saveProgressBodySchema,
  saveProgressResponseSchema,
  vocabularyResponseSchema,
} from '#shared/contracts/progress';
import { idParamsSchema } from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { validationError } from '../../lib/errors.ts';
import { requireUser, signedInUserId } from '../../lib/http/guards.ts';

const HEARTBEAT_MS = 30_000;
const MAX_CHAPTER_IDS = 500;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const uuidList = z.array(z.uuid()).max(MAX_CHAPTER_IDS);

export const progressRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { progress, vocabulary, events, stories } = context.services;
  const tags = ['progress'];
  app.addHook('onRequest', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/progress',
    {
      schema: {
        tags,
        summary: 'Save the listening position of a chapter (newest save wins)',
        body: saveProgressBodySchema,
        response: { 200: saveProgressResponseSchema, ...errors },
      },
    },
    async (request) =>
      progress.save({ ...request.viewer, userId: signedInUserId(request) }, request.body),
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
    async (request) => {
      const raw = request.query.chapterIds;
      let chapterIds: string[] | undefined;
      if (raw !== undefined) {
        const parsed = uuidList.safeParse(raw === '' ? [] : raw.split(','));
        if (!parsed.success)
          throw validationError('chapterIds must be a comma-separated list of ids');
        chapterIds = parsed.data;
      }
      return { progress: await progress.list(signedInUserId(request), chapterIds) };
    },
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
    async (request) => {
      const media = await stories.getChapterMedia(request.viewer, request.params.id, 'transcript');
      const { transcript } = await context.transcripts.load(media.key);
      return vocabulary.chapterKnowledge(signedInUserId(request), transcript);
    },
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
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      raw.write(`retry: 1000\n\n`);
      const unsubscribe = await events.subscribe(userId, (event) => {
        raw.write(`event: progress\ndata: ${JSON.stringify(event)}\n\n`);
      });
      raw.write(`event: ready\ndata: {}\n\n`);
      const heartbeat = setInterval(
        () => raw.write(`event: heartbeat\ndata: {}\n\n`),
        HEARTBEAT_MS,
      );
      const removeShutdownTask = context.onShutdown(() => raw.end());
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        removeShutdownTask();
      });
    },
  );
};
