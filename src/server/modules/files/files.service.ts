import type { Bucket } from '#shared/files';
import { notFound } from '../../lib/errors.ts';
import { assertSafeKey } from '../../lib/storage/storage.ts';
import type { ImageVariants } from './image-variants.ts';

/**
 * Buckets whose objects are public by URL (covers, site images, avatars). Chapter audio and
 * transcripts are never served from here: only through the chapter routes, which check access.
 */
const publicBuckets = ['series-images', 'uploads'] as const satisfies readonly Bucket[];

/** Which stored objects anyone may fetch by address, and resized images of them. */
export function createFilesService({ images }: { images: ImageVariants }) {
  /** A public object's place in storage; anything else does not exist here. */
  function publicObject(bucketName: string, key: string): { bucket: Bucket; key: string } {
    const bucket = publicBuckets.find((name) => name === bucketName);
    if (!bucket) throw notFound('No such public bucket');
    assertSafeKey(key);
    return { bucket, key };
  }

  return {
    publicObject,

    /** A public image resized to WebP, with an ETag that follows its source's. */
    image(bucketName: string, key: string, size: { w: number; h: number; q: number }) {
      const object = publicObject(bucketName, key);
      return images.get(object.bucket, object.key, size);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
