import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/contracts/stories';
import {
  importStoryResponseSchema,
  STORY_PACKAGE_MAX_BYTES,
} from '#shared/contracts/story-packages';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { actorOf } from '../../lib/http/actor.ts';
import { readUpload } from '../../lib/uploads.ts';

const tags = ['admin-stories'];
const notFound = { 404: apiErrorSchema };

/** /api/admin/stories/import and …/:id/export: story packages (guarded by the admin scope). */
export const storyPackagesRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services },
) => {
  const { storyPackages } = services.admin;

  app.get(
    '/admin/stories/:id/export',
    {
      // Audio inside is compressed already, and the archive's text deflated.
      compress: false,
      schema: {
        tags,
        summary: "The story's working copy as a .zip story package (docs/content.md)",
        params: idParamsSchema,
        response: notFound,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await storyPackages.exportStory(request.params.id);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(body as never); // bytes: the response schemas describe only the refusals
    },
  );

  app.post(
    '/admin/stories/import',
    {
      schema: {
        tags,
        summary:
          'Import a .zip story package: a new draft, or the story of the same slug updated (201 / 200)',
        response: {
          200: importStoryResponseSchema,
          201: importStoryResponseSchema,
          // A body that is not multipart, or a package that is not one (no story.json…).
          400: apiErrorSchema,
          ...notFound,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, STORY_PACKAGE_MAX_BYTES);
      const imported = await storyPackages.importZip(upload.buffer, actorOf(request));
      return reply.status(imported.created ? 201 : 200).send(imported);
    },
  );
};
