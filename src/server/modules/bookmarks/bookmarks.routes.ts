import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookmarkListResponseSchema,
  bookmarkQuerySchema,
  bookmarkResponseSchema,
  createBookmarkBodySchema,
  updateBookmarkBodySchema,
  type Bookmark,
} from '#shared/contracts/bookmarks';
import { idParamsSchema } from '#shared/contracts/stories';
import { apiErrorSchema } from '#shared/errors';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser, signedInUserId } from '../../lib/http/guards.ts';
import * as repository from './bookmarks.repository.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

const toBookmark = (
  row: repository.BookmarkRow,
  titles?: { chapterTitle: string; storyTitle: string },
): Bookmark => ({
  id: row.id,
  chapterId: row.chapterId,
  positionSeconds: row.positionSeconds,
  segmentId: row.segmentId,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  ...titles,
});

/** Bookmarks with notes (FAQ and admin spec): own rows only. */
export const bookmarksRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { db } = context.database;
  const { stories } = context.services;
  const tags = ['bookmarks'];
  app.addHook('onRequest', requireUser);

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
    async (request) => {
      const userId = signedInUserId(request);
      const { chapterId } = request.query;
      if (chapterId) {
        return {
          bookmarks: (await repository.listForChapter(db, userId, chapterId)).map((row) =>
            toBookmark(row),
          ),
        };
      }
      const rows = await repository.listAll(db, userId);
      return {
        bookmarks: rows.map(({ bookmark, chapterTitle, storyTitle }) =>
          toBookmark(bookmark, { chapterTitle, storyTitle }),
        ),
      };
    },
  );

  app.post(
    '/bookmarks',
    {
      schema: {
        tags,
        summary: 'Bookmark a position (or a transcript line) with an optional note',
        body: createBookmarkBodySchema,
        response: { 201: bookmarkResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = signedInUserId(request);
      const { chapterId, positionSeconds, segmentId, note } = request.body;
      await stories.getChapter(request.viewer, chapterId);
      const row = await repository.insert(db, {
        userId,
        chapterId,
        positionSeconds,
        segmentId: segmentId ?? null,
        note: note ? note : null,
      });
      return reply.status(201).send({ bookmark: toBookmark(row) });
    },
  );

  app.patch(
    '/bookmarks/:id',
    {
      schema: {
        tags,
        summary: "Edit a bookmark's note or position",
        params: idParamsSchema,
        body: updateBookmarkBodySchema,
        response: { 200: bookmarkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { note, positionSeconds } = request.body;
      const row = await repository.update(db, signedInUserId(request), request.params.id, {
        ...(note !== undefined ? { note: note === '' ? null : note } : {}),
        ...(positionSeconds !== undefined ? { positionSeconds } : {}),
      });
      if (!row) throw notFound('Bookmark not found');
      return { bookmark: toBookmark(row) };
    },
  );

  app.delete(
    '/bookmarks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a bookmark',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await repository.remove(db, signedInUserId(request), request.params.id))) {
        throw notFound('Bookmark not found');
      }
      return reply.status(204).send(null);
    },
  );
};
