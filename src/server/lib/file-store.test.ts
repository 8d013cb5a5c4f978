import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../db/client.ts';
import type { TransactionRunner } from '../db/repository.ts';
import { createFileStore } from './file-store.ts';
import type {
  FileUploadRow,
  FileUploadsRepository,
  NewFileUpload,
} from './file-uploads.repository.ts';
import { DiskStorage } from './storage/disk-storage.ts';

const file = {
  buffer: Buffer.from('a picture'),
  originalFilename: 'Mi Foto.PNG',
  contentType: 'image/png',
};

let root: string;
let storage: DiskStorage;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'file-store-'));
  storage = new DiskStorage(root);
  await storage.ensureBuckets();
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** Records kept in memory; `failInsert` makes writing the record fail as a database would. */
function recordsRepository(options: { failInsert?: boolean } = {}) {
  const rows: FileUploadRow[] = [];
  const methods = {
    async insert(values: NewFileUpload): Promise<FileUploadRow> {
      if (options.failInsert) throw new Error('insert failed');
      const row = {
        id: `file-${rows.length + 1}`,
        uploadDate: new Date(),
        metadata: {},
        ...values,
      } as FileUploadRow;
      rows.push(row);
      return row;
    },
  };
  const repository = { ...methods, in: () => methods } as unknown as FileUploadsRepository;
  return { rows, repository };
}

const transaction: TransactionRunner = (work) => work({} as DbExecutor);

describe('file store', () => {
  it('stores the object under a fresh key with its record, and answers what the caller wrote', async () => {
    const { rows, repository } = recordsRepository();
    const store = createFileStore({ files: repository, storage, transaction });
    const answer = await store.store(
      file,
      {
        bucket: 'uploads',
        keyPrefix: 'avatars/u1',
        uploadedBy: 'u1',
        publicUrl: (key) => `/api/files/uploads/${key}`,
        metadata: { duration_seconds: 3 },
      },
      async (row) => `linked ${row.id}`,
    );
    expect(answer).toBe('linked file-1');
    const [row] = rows;
    expect(row!.filePath).toMatch(/^avatars\/u1\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(row).toMatchObject({
      filename: row!.filePath.split('/').pop(),
      originalFilename: 'Mi Foto.PNG',
      fileType: 'image/png',
      fileSize: file.buffer.length,
      bucketName: 'uploads',
      uploadedBy: 'u1',
      metadata: { public_url: `/api/files/uploads/${row!.filePath}`, duration_seconds: 3 },
    });
    expect(await storage.readBuffer('uploads', row!.filePath)).toEqual(file.buffer);
  });

  it('removes the stored object when the record cannot be written', async () => {
    const { repository } = recordsRepository({ failInsert: true });
    const store = createFileStore({ files: repository, storage, transaction });
    await expect(
      store.store(file, { bucket: 'uploads', uploadedBy: 'u1' }, async () => undefined),
    ).rejects.toThrow('insert failed');
    expect(await storage.list('uploads')).toEqual([]);
  });

  it("removes the stored object when the caller's own write in the transaction fails", async () => {
    const { repository } = recordsRepository();
    const store = createFileStore({ files: repository, storage, transaction });
    await expect(
      store.store(file, { bucket: 'series-images', uploadedBy: 'u1' }, async () => {
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect(await storage.list('series-images')).toEqual([]);
  });
});
