import { createHash } from 'node:crypto';
import type { Bucket } from '#shared/files';
import { notFound } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';

const CACHE_BYTES = 48 * 1024 * 1024;

/** sharp (libvips, ~30 MB resident) is loaded by the first resize, not at start (decision 027). */
const loadSharp = () => import('sharp').then((module) => module.default);

/**
 * Resized WebP variants of public images (spec: width, height and quality parameters, default
 * 800x600 q80), made with sharp and kept in memory per instance; each variant's ETag follows its
 * source's, so browsers and proxies revalidate cheaply.
 */
export function createImageVariants({ storage }: { storage: ObjectStorage }) {
  const cache = new Map<string, { body: Buffer; etag: string }>();
  let cachedBytes = 0;

  const remember = (key: string, entry: { body: Buffer; etag: string }) => {
    cache.set(key, entry);
    cachedBytes += entry.body.length;
    while (cachedBytes > CACHE_BYTES) {
      const oldest = cache.keys().next().value!;
      cachedBytes -= cache.get(oldest)!.body.length;
      cache.delete(oldest);
    }
  };

  return {
    async get(bucket: Bucket, key: string, size: { w: number; h: number; q: number }) {
      const info = await storage.head(bucket, key);
      if (!info || !info.contentType.startsWith('image/')) throw notFound('Image not found');
      const etag = `"${createHash('sha1').update(`${info.etag}|${size.w}x${size.h}q${size.q}`).digest('hex')}"`;
      const cacheKey = `${bucket}/${key}|${etag}`;
      const hit = cache.get(cacheKey);
      if (hit) {
        cache.delete(cacheKey);
        cache.set(cacheKey, hit);
        return hit;
      }
      const source = await storage.readBuffer(bucket, key);
      const sharp = await loadSharp();
      const body = await sharp(source, { failOn: 'error' })
        .rotate()
        .resize(size.w, size.h, { fit: 'cover', withoutEnlargement: false })
        .webp({ quality: size.q })
        .toBuffer();
      const entry = { body, etag };
      remember(cacheKey, entry);
      return entry;
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
