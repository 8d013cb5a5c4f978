import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageQuerySchema } from '#shared/contracts/site';
import type { RouteContext } from '../../app-context.ts';
import { sendObject } from '../../lib/storage/send-object.ts';

const objectParams = z.object({ bucket: z.string(), '*': z.string() });

export const filesRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services, storage },
) => {
  const { files } = services;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:bucket/*',
    // Byte ranges and ETags describe the stored bytes: never re-encode them.
    compress: false,
    schema: {
      tags: ['files'],
      summary: 'A public file (images) by bucket and key',
      params: objectParams,
    },
    handler: async (request, reply) => {
      const { bucket, key } = files.publicObject(request.params.bucket, request.params['*']);
      return sendObject(request, reply, storage, bucket, key, {
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
        params: objectParams,
        querystring: imageQuerySchema,
      },
    },
    async (request, reply) => {
      const variant = await files.image(request.params.bucket, request.params['*'], request.query);
      reply
        .header('Cache-Control', 'public, max-age=86400')
        .header('ETag', variant.etag)
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === variant.etag) return reply.status(304).send();
      return reply.type('image/webp').send(variant.body);
    },
  );
};
