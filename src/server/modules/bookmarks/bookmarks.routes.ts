import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookmarkListResponseSchema,
  bookmarkQuerySchema,
  bookmarkResponseSchema,
  createBookmarkBodySchema,
  updateBookmarkBodySchema,
} from '#shared/contracts/bookmarks';
import { idParamsSchema } from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { signedInViewer } from '../../lib/http/guards.ts';

const errors = { 404: apiErrorSchema };

/** Bookmarks with notes (FAQ and admin spec): own rows only. */
export const bookmarksRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { bookmarks } = services;
  const tags = ['bookmarks'];

  app.get(
    '/bookmarks',
    {
      schema: {
        tags,
        summary: "A chapter's bookmarks by position, or all of yours newest first",
        querystring: bookmarkQuerySchema,
        response: { 200: bookmarkListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      bookmarks: await bookmarks.list(signedInViewer(request), request.query.chapterId),
    }),
  );

  app.post(
    '/bookmarks',
    {
      schema: {
        tags,
        summary:
          'Bookmark a position (or a transcript line) with an optional note; the same client-made id again answers the existing bookmark',
        body: createBookmarkBodySchema,
        response: {
          200: bookmarkResponseSchema,
          201: bookmarkResponseSchema,
          ...errors,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { bookmark, created } = await bookmarks.create(signedInViewer(request), request.body);
      return reply.status(created ? 201 : 200).send({ bookmark });
    },
  );

  app.patch(
    '/bookmarks/:id',
    {
      schema: {
        tags,
        summary:
          "Edit a bookmark's note or position; an edit older than the one applied changes nothing",
        params: idParamsSchema,
        body: updateBookmarkBodySchema,
        response: { 200: bookmarkResponseSchema, ...errors },
      },
    },
    async (request) => ({
      bookmark: await bookmarks.update(signedInViewer(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/bookmarks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a bookmark (one already gone is success too)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await bookmarks.remove(signedInViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
