import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskStorage } from '../../lib/storage/disk-storage.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { StorageUnreachableError, STORAGE_RETRY_AFTER_SECONDS } from '../../lib/errors.ts';
import { createTranscriptLoader, TRANSCRIPT_RECHECK_MS } from './transcript-loader.ts';
import { switchableStorage } from '../../../../tests/api/helpers/unreachable-storage.ts';

const KEY = 'demo/chapter-1.json';
const transcriptSaying = (text: string) =>
  Buffer.from(
    JSON.stringify({
      segments: [
        { id: 's1', start: 0, end: 1, text, words: [{ id: 'w1', text, start: 0, end: 1 }] },
      ],
    }),
  );

let dir: string;
let disk: DiskStorage;
/** The real disk storage, made unreachable on demand as an unreachable bucket is. */
let bucket: ReturnType<typeof switchableStorage>;
let clock: number;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'relatos-transcript-loader-'));
  disk = new DiskStorage(path.join(dir, 'storage'));
  await disk.ensureBuckets();
  await disk.put('trans', KEY, transcriptSaying('Hola'), 'application/json');
  bucket = switchableStorage(disk);
  clock = 1_000_000;
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const loader = () => createTranscriptLoader({ storage: bucket.storage, now: () => clock });
const firstText = async (load: ReturnType<typeof loader>) =>
  (await load.load(KEY)).transcript.segments[0]!.text;

describe('transcript loader', () => {
  it('serves a transcript it has read while the storage is unreachable', async () => {
    const load = loader();
    expect(await firstText(load)).toBe('Hola');
    bucket.setReachable(false);
    expect(await firstText(load)).toBe('Hola');
    // Past the recheck period too: the check fails, the copy in memory is still the best answer.
    clock += TRANSCRIPT_RECHECK_MS + 1;
    expect(await firstText(load)).toBe('Hola');
  });

  it('answers 503 (retry soon) when the storage is unreachable and the transcript was never read', async () => {
    bucket.setReachable(false);
    const refusal = loader().load(KEY);
    await expect(refusal).rejects.toBeInstanceOf(StorageUnreachableError);
    await expect(refusal).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS },
    });
    // The storage's own words (addresses, ports) stay in the log, not in the answer.
    await expect(refusal).rejects.not.toThrow(/ECONNREFUSED/);
  });

  it('answers 503 when the storage answers the check but not the read, and keeps serving a copy it has', async () => {
    bucket.setReachable(false, ['readBuffer']);
    await expect(loader().load(KEY)).rejects.toBeInstanceOf(StorageUnreachableError);

    bucket.setReachable(true);
    const load = loader();
    expect(await firstText(load)).toBe('Hola');
    // A newer object, past the recheck period, whose read fails: the copy held is served.
    await disk.put('trans', KEY, transcriptSaying('Adiós'), 'application/json');
    clock += TRANSCRIPT_RECHECK_MS;
    bucket.setReachable(false, ['readBuffer']);
    expect(await firstText(load)).toBe('Hola');
  });

  it('answers not found for an object gone between the check and the read', async () => {
    const vanishing: ObjectStorage = Object.create(disk) as ObjectStorage;
    vanishing.readBuffer = async (bucketName, key) => {
      await disk.delete(bucketName, key);
      return disk.readBuffer(bucketName, key);
    };
    const load = createTranscriptLoader({ storage: vanishing, now: () => clock });
    await expect(load.load(KEY)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads an object written again under the same key once the recheck period has passed', async () => {
    const load = loader();
    expect(await firstText(load)).toBe('Hola');
    await disk.put('trans', KEY, transcriptSaying('Adiós'), 'application/json');
    expect(await firstText(load)).toBe('Hola');
    clock += TRANSCRIPT_RECHECK_MS;
    expect(await firstText(load)).toBe('Adiós');
  });

  it('answers not found for a transcript that is gone', async () => {
    await disk.delete('trans', KEY);
    await expect(loader().load(KEY)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
