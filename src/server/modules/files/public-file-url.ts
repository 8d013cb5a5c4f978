import type { Bucket } from '#shared/files';

/** The address a public object is served at (files.routes.ts, public buckets only). */
export const publicFileUrl = (bucket: Bucket, key: string) => `/api/files/${bucket}/${key}`;

const UPLOADS_PREFIX = publicFileUrl('uploads', '');

/** The key of an object of the uploads bucket served by us, from its address. */
export const uploadsKeyOf = (url: string | null): string | undefined =>
  url?.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : undefined;
