import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  associateFilesBodySchema,
  associateFilesResponseSchema,
  associationTargetsResponseSchema,
  chapterIdParamsSchema,
  cleanupFilesBodySchema,
  cleanupFilesResponseSchema,
  deleteFileQuerySchema,
  fileIdParamsSchema,
  fileListQuerySchema,
  fileListResponseSchema,
  fileUploadResponseSchema,
  unassociateFileResponseSchema,
  uploadKindFor,
  uploadQuerySchema,
  uploadRules,
} from '#shared/contracts/admin-files';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';
import { sendObject } from '../../lib/storage/send-object.ts';
import { readUpload } from '../../lib/uploads.ts';

const tags = ['admin files'];
const errors = {
  404: apiErrorSchema,
};

/** /api/admin/… routes of the files screen (guarded by the admin scope, admin/admin-scope.ts). */
export const adminFilesRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services, storage },
) => {
  const { files } = services.admin;

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
      const incoming = await readUpload(request, uploadRules[uploadKindFor(bucket, kind)].maxBytes);
      const file = await files.upload(incoming, { bucket, kind }, actorOf(request));
      return reply.status(201).send({ file });
    },
  );

  app.get(
    '/admin/files',
    {
      schema: {
        tags,
        summary:
          'Uploaded files with everywhere each is used (chapters, published revisions, transcript ' +
          'history, covers, logo, home page images, avatars); by story or usage, sorted by date ' +
          '(newest first), name or size',
        querystring: fileListQuerySchema,
        response: { 200: fileListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      files: await files.list(request.query),
    }),
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
    async () => ({
      stories: await files.associationTargets(),
    }),
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
      return sendObject(request, reply, storage, row.bucketName, row.filePath, {
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
        summary:
          'Delete a file (record, then stored object). A file in use is refused with 409 naming ' +
          'its uses, unless detach=true: then it is removed from every use first, in one transaction',
        params: fileIdParamsSchema,
        querystring: deleteFileQuerySchema,
        response: { 204: z.null(), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await files.remove(request.params.id, request.query, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/files/cleanup',
    {
      schema: {
        tags,
        summary:
          'Remove the given files that are still unused (nothing uses them and they were uploaded ' +
          'more than 24 hours ago): records, stored objects and an audit entry each',
        body: cleanupFilesBodySchema,
        response: { 200: cleanupFilesResponseSchema, ...errors },
      },
    },
    async (request) => files.cleanUp(request.body.fileIds, actorOf(request)),
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
