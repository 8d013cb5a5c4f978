import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  associateFilesBodySchema,
  associateFilesResponseSchema,
  associationTargetsResponseSchema,
  chapterIdParamsSchema,
  fileIdParamsSchema,
  fileListResponseSchema,
  fileUploadResponseSchema,
  unassociateFileResponseSchema,
  uploadKindFor,
  uploadMessages,
  uploadQuerySchema,
  uploadRules,
} from '#shared/contracts/admin-files';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';
import { requireAdmin, signedInUserId } from '../../lib/http/guards.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';
import { sendObject } from '../../lib/storage/send-object.ts';
import { createAdminFilesService, type Actor } from './admin-files.service.ts';
import type { IncomingFile } from './upload-checks.ts';

const tags = ['admin files'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * Reads the one multipart `file` field, cut at `maxBytes`: a longer file is refused (413) rather
 * than silently truncated (STACK.md), before anything is stored.
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<IncomingFile> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the file as multipart/form-data');
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  if (!file) throw badRequest('No file was sent');
  const buffer = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(uploadMessages.tooLarge(maxBytes));
    throw error;
  });
  if (file.file.truncated) throw payloadTooLarge(uploadMessages.tooLarge(maxBytes));
  if (buffer.length === 0) throw badRequest('File is empty');
  const name = file.filename ?? '';
  if (name.length === 0 || name.length > 255) throw badRequest('Invalid file name length');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest('Invalid characters in file name');
  return { buffer, originalFilename: name, declaredType: file.mimetype ?? '' };
}

const actorOf = (request: FastifyRequest): Actor => ({
  userId: signedInUserId(request),
  origin: requestOrigin(request),
});

/** /api/admin/… routes of this screen: every one behind requireAdmin. */
export const adminFilesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', requireAdmin);
  const files = createAdminFilesService(context.database.db, context.storage);

  app.post(
    '/admin/files',
    {
      schema: {
        tags,
        summary:
          'Upload one file (field `file`) to a bucket; the bucket sets the rule: audios 100 MB audio, ' +
          'trans 5 MB transcript, series-images 10 MB image (kind=cover: 5 MB cover), uploads 50 MB',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: {
          201: fileUploadResponseSchema,
          ...errors,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { bucket, kind } = request.query;
      const rule = uploadRules[uploadKindFor(bucket, kind)];
      const incoming = await readUpload(request, rule.maxBytes);
      const file = await files.upload(incoming, { bucket, kind }, actorOf(request));
      return reply.status(201).send({ file });
    },
  );

  app.get(
    '/admin/files',
    {
      schema: {
        tags,
        summary: 'Every uploaded file, newest first, with the chapters that use it',
        response: { 200: fileListResponseSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { files: await files.list() };
    },
  );

  app.get(
    '/admin/files/association-targets',
    {
      schema: {
        tags,
        summary: 'Stories with their chapters and the files each chapter uses',
        response: { 200: associationTargetsResponseSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { stories: await files.associationTargets() };
    },
  );

  app.get(
    '/admin/files/:id/download',
    {
      // The bytes as stored: never re-encoded.
      compress: false,
      schema: {
        tags,
        summary: 'The stored file as an attachment named after its original name',
        params: fileIdParamsSchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const row = await files.getForDownload(request.params.id);
      return sendObject(request, reply, context.storage, row.bucketName, row.filePath, {
        cacheControl: 'private, no-store',
        contentType: row.fileType,
        downloadName: row.originalFilename,
      });
    },
  );

  app.delete(
    '/admin/files/:id',
    {
      schema: {
        tags,
        summary: 'Delete a file: its chapter links, its record and the stored object',
        params: fileIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await files.remove(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/admin/files/:id/association',
    {
      schema: {
        tags,
        summary: 'Clear every chapter link to a file',
        params: fileIdParamsSchema,
        response: { 200: unassociateFileResponseSchema, ...errors },
      },
    },
    async (request) => ({
      chaptersUpdated: await files.unassociate(request.params.id, actorOf(request)),
    }),
  );

  app.post(
    '/admin/chapters/:chapterId/files',
    {
      schema: {
        tags,
        summary:
          'Link one audio file and/or one transcript to a chapter (the audio also sets its duration)',
        params: chapterIdParamsSchema,
        body: associateFilesBodySchema,
        response: { 200: associateFilesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      chapter: await files.associate(
        request.params.chapterId,
        request.body.fileIds,
        actorOf(request),
      ),
    }),
  );
};
