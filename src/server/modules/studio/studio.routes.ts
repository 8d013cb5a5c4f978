import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chapterQuestionsResponseSchema,
  saveChapterQuestionsRequestSchema,
} from '#shared/contracts/comprehension';
import { idParamsSchema } from '#shared/contracts/stories';
import {
  alignmentRequestSchema,
  alignmentResponseSchema,
  latestAlignmentResponseSchema,
  prefillRequestSchema,
  prefillResponseSchema,
  realignSegmentRequestSchema,
  realignSegmentResponseSchema,
  saveTranscriptRequestSchema,
  studioChapterSchema,
  transcriptVersionsResponseSchema,
  versionParamsSchema,
  waveformSchema,
} from '#shared/contracts/studio';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';

const tags = ['admin studio'];
/**
 * Transcripts travel whole: an hour's chapter with its translations and glosses is about 1.5 MB,
 * well over the app's JSON limit; the longest text the aligner takes (three hours) fits too.
 */
const TRANSCRIPT_BODY_LIMIT = 8 * 1024 * 1024;
const errors = {
  404: apiErrorSchema,
  413: apiErrorSchema,
  503: apiErrorSchema,
};

/**
 * /api/admin/chapters/:id/… routes of the content studio (decision 021; contracts in
 * src/shared/contracts/studio.ts), guarded by the admin scope (admin/admin-scope.ts).
 */
export const studioRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { studio, alignment, chapterQuestions } = services.admin;

  app.post(
    '/admin/chapters/:id/alignment',
    {
      bodyLimit: TRANSCRIPT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Aligns the chapter's recording with a text, an untimed transcript or its own transcript, " +
          'in a background job; the result becomes a new transcript version',
        params: idParamsSchema,
        body: alignmentRequestSchema,
        response: { 202: alignmentResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const job = await alignment.start(request.params.id, request.body, actorOf(request));
      return reply.status(202).send({ job });
    },
  );

  app.get(
    '/admin/chapters/:id/alignment',
    {
      schema: {
        tags,
        summary: "The chapter's latest alignment job, or null",
        params: idParamsSchema,
        response: { 200: latestAlignmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      job: await alignment.latest(request.params.id),
    }),
  );

  app.get(
    '/admin/chapters/:id/studio',
    {
      schema: {
        tags,
        summary:
          "The chapter's working transcript, its recording (measured length), version, " +
          'translation counts and warnings',
        params: idParamsSchema,
        response: { 200: studioChapterSchema, ...errors },
      },
    },
    async (request) => studio.getChapter(request.params.id),
  );

  app.put(
    '/admin/chapters/:id/transcript',
    {
      bodyLimit: TRANSCRIPT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Saves the transcript as a new version (409 when baseVersion is no longer the newest; ' +
          '400 with every problem when the player would refuse it)',
        params: idParamsSchema,
        body: saveTranscriptRequestSchema,
        response: { 200: studioChapterSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => studio.saveTranscript(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/admin/chapters/:id/transcript/versions',
    {
      schema: {
        tags,
        summary: "Every saved version of the chapter's transcript, newest first",
        params: idParamsSchema,
        response: { 200: transcriptVersionsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      versions: await studio.listVersions(request.params.id),
    }),
  );

  app.post(
    '/admin/chapters/:id/transcript/versions/:version/restore',
    {
      schema: {
        tags,
        summary: 'Restores a version: its transcript is saved again as the newest version',
        params: versionParamsSchema,
        response: { 200: studioChapterSchema, ...errors },
      },
    },
    async (request) => studio.restore(request.params.id, request.params.version, actorOf(request)),
  );

  app.post(
    '/admin/chapters/:id/realign-segment',
    {
      bodyLimit: TRANSCRIPT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Aligns one sentence of the editor's transcript again on the audio around it (nothing is saved)",
        params: idParamsSchema,
        body: realignSegmentRequestSchema,
        response: { 200: realignSegmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      segment: await alignment.realignSegment(
        request.params.id,
        request.body.transcript,
        request.body.segmentId,
      ),
    }),
  );

  app.post(
    '/admin/chapters/:id/translations/prefill',
    {
      bodyLimit: TRANSCRIPT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Fills missing translations (configured services) and glosses (the lexicon), marked 'machine' (nothing is saved), and reports what was filled and what failed",
        params: idParamsSchema,
        body: prefillRequestSchema,
        response: { 200: prefillResponseSchema, ...errors },
      },
    },
    async (request) => studio.prefillTranslations(request.params.id, request.body.transcript),
  );

  app.get(
    '/admin/chapters/:id/questions',
    {
      schema: {
        tags,
        summary:
          "The chapter's comprehension questions (working copy), and whether learners see them",
        params: idParamsSchema,
        response: { 200: chapterQuestionsResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => chapterQuestions.get(request.params.id),
  );

  app.put(
    '/admin/chapters/:id/questions',
    {
      schema: {
        tags,
        summary:
          "Replaces the chapter's comprehension questions (0–10; learners see them at the next " +
          'publish); 400 with every problem at its field',
        params: idParamsSchema,
        body: saveChapterQuestionsRequestSchema,
        response: {
          200: chapterQuestionsResponseSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      chapterQuestions.save(request.params.id, request.body.questions, actorOf(request)),
  );

  app.get(
    '/admin/chapters/:id/waveform',
    {
      schema: {
        tags,
        summary: "Peaks of the chapter's recording ([min, max] pairs, at most 100 000)",
        params: idParamsSchema,
        response: { 200: waveformSchema, ...errors },
      },
    },
    async (request) => studio.waveform(request.params.id),
  );
};
