import path from 'node:path';

import { DiskStorage } from './disk-storage.ts';
import { S3Storage, type S3StorageConfig } from './s3-storage.ts';
import type { ObjectStorage } from './storage.ts';

export interface StorageConfig {
  /** DATA_DIR: disk objects live under `<dataDir>/storage/<bucket>/<key>`. */
  dataDir: string;
  /** When set, objects go to S3 (one S3 bucket, storage buckets as key prefixes) instead. */
  s3?: S3StorageConfig;
}

/** S3 when `config.s3` is given, the local disk otherwise. */
export function createStorage(config: StorageConfig): ObjectStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new DiskStorage(path.join(config.dataDir, 'storage'));
}

export { DiskStorage } from './disk-storage.ts';
export { S3Storage, type S3StorageConfig } from './s3-storage.ts';
export { parseRangeHeader } from './range.ts';
export {
  contentDisposition,
  DEFAULT_CACHE_CONTROL,
  sendObject,
  type SendObjectOptions,
} from './send-object.ts';
export {
  assertBucket,
  assertSafeKey,
  type ByteRange,
  generateObjectKey,
  isSafeKey,
  type ListOptions,
  type ObjectInfo,
  type ObjectStorage,
  safeExtension,
} from './storage.ts';
