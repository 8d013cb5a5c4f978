import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { assertSafeKey } from '../../lib/storage/storage.ts';
import { sendObject } from '../../lib/storage/send-object.ts';
import { imageQuerySchema } from '#shared/contracts/site';
import type { AppContext } from '../../app-context.ts';
import { createImageVariants } from './image-variants.ts';

/**
 * Buckets whose objects are public by URL (covers, site images, avatars). Chapter audio and
 * transcripts are never served from here: only through the chapter routes, which check access.
 */
const publicBuckets = ['series-images', 'uploads'] as const;

export const filesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const images = createImageVariants(context.storage);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:bucket/*',
    // Byte ranges and ETags describe the stored bytes: never re-encode them.
    compress: false,
    schema: {
      tags: ['files'],
      summary: 'A public file (images) by bucket and key',
      params: z.object({ bucket: z.string(), '*': z.string() }),
    },
    handler: async (request, reply) => {
      const bucket = publicBuckets.find((name) => name === request.params.bucket);
      if (!bucket) throw notFound('No such public bucket');
      const key = request.params['*'];
      assertSafeKey(key);
      return sendObject(request, reply, context.storage, bucket, key, {
        // Keys are generated and never reused for other content, so the URL can be cached long.
        cacheControl: 'public, max-age=86400',
      });
    },
  });

  app.get(
    '/images/:bucket/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A public image resized to WebP (w, h, q; default 800x600 at quality 80)',
        params: z.object({ bucket: z.string(), '*': z.string() }),
        querystring: imageQuerySchema,
      },
    },
    async (request, reply) => {
      const bucket = publicBuckets.find((name) => name === request.params.bucket);
      if (!bucket) throw notFound('No such public bucket');
      const key = request.params['*'];
      assertSafeKey(key);
      const variant = await images.get(bucket, key, request.query);
      reply
        .header('Cache-Control', 'public, max-age=86400')
        .header('ETag', variant.etag)
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === variant.etag) return reply.status(304).send();
      return reply.type('image/webp').send(variant.body);
    },
  );
};
