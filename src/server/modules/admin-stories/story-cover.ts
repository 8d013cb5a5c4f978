import type { CoverState } from '#shared/contracts/admin-stories';
import type { Bucket } from '#shared/files';
import { publicFileUrl } from '../files/public-file-url.ts';

/** The public buckets a cover can be stored in (the wizard uploads to series-images). */
const imageBuckets = ['series-images', 'uploads'] as const satisfies readonly Bucket[];
const ourFiles = publicFileUrl('uploads', '').replace(/uploads\/$/, '');

export interface StoredImage {
  bucket: Bucket;
  key: string;
}

export const storedImageId = (image: StoredImage) => `${image.bucket}/${image.key}`;

/** The stored image a cover's address names, when it is one of ours. */
export function storedImageOf(url: string): StoredImage | undefined {
  for (const bucket of imageBuckets) {
    const prefix = publicFileUrl(bucket, '');
    if (url.startsWith(prefix) && url.length > prefix.length) {
      return { bucket, key: url.slice(prefix.length) };
    }
  }
  return undefined;
}

/**
 * Whether a story's cover is there. An image of ours counts while its upload record exists
 * (`stored`: storedImageId of those found); an address of ours that names no image bucket is
 * missing; an address elsewhere cannot be checked from here and counts as present.
 */
export function coverStateOf(url: string | null, stored: ReadonlySet<string>): CoverState {
  if (url === null || url.trim() === '') return 'none';
  const image = storedImageOf(url);
  if (image) return stored.has(storedImageId(image)) ? 'present' : 'missing';
  return url.startsWith(ourFiles) ? 'missing' : 'present';
}
