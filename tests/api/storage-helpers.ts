import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

import { DiskStorage } from '../../src/server/lib/storage/disk-storage.ts';
import { S3Storage } from '../../src/server/lib/storage/s3-storage.ts';
import type { ObjectStorage } from '../../src/server/lib/storage/storage.ts';

/** A storage implementation under test, with what the contract suite needs to know about it. */
export interface StorageFixture {
  storage: ObjectStorage;
  /** Disk only: the root directory (to look for temp files). */
  root?: string;
  /** S3 only: the server's endpoint and bucket, for an app process's S3_* environment. */
  s3?: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  cleanup(): Promise<void>;
}

export type StorageKind = 'disk' | 's3';
export const storageKinds: StorageKind[] = ['disk', 's3'];

export async function createDiskFixture(): Promise<StorageFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'relatos-storage-disk-'));
  const root = path.join(dir, 'storage');
  const storage = new DiskStorage(root);
  await storage.ensureBuckets();
  return { storage, root, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** An s3rver instance (one bucket `relatos`) on a random local port, and an S3Storage on it. */
export async function createS3Fixture(): Promise<StorageFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'relatos-storage-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'relatos' }],
  });
  const { port } = await server.run();
  const s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'relatos',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const storage = new S3Storage({ ...s3, region: 'us-east-1', forcePathStyle: true });
  await storage.ensureBuckets();
  return {
    storage,
    s3,
    cleanup: async () => {
      (storage as S3Storage).client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const createFixture = (kind: StorageKind): Promise<StorageFixture> =>
  kind === 'disk' ? createDiskFixture() : createS3Fixture();
