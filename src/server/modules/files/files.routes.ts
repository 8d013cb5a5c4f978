import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { assertSafeKey } from '../../lib/storage/storage.ts';
import { sendObject } from '../../lib/storage/send-object.ts';
import type { AppContext } from '../../app-context.ts';

/**
 * Buckets whose objects are public by URL (covers, site images, avatars). Chapter audio and
 * transcripts are never served from here: only through the chapter routes, which check access.
 */
const publicBuckets = ['series-images', 'uploads'] as const;

export const filesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
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
};
