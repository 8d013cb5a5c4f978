import { describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { createHealthService } from './health.service.ts';

const never = () => new Promise<never>(() => undefined);

function serviceWith(options: {
  ping?: () => Promise<void>;
  storageCheck?: () => Promise<{ ok: boolean; detail?: string }>;
  audio?: { ok: boolean; detail: string };
}) {
  return createHealthService({
    health: { ping: options.ping ?? (async () => undefined) },
    storage: {
      kind: 'disk',
      check: options.storageCheck ?? (async () => ({ ok: true })),
    } as unknown as ObjectStorage,
    checkAudioTools: async () => options.audio ?? { ok: true, detail: 'ffmpeg 6' },
    translationServices: () => ['apertium'],
    timeoutMs: 100,
  });
}

describe('health service', () => {
  it('is ok when everything answers', async () => {
    expect((await serviceWith({}).check()).status).toBe('ok');
  });

  it('is degraded, not unavailable, when storage or audio decoding fail', async () => {
    const storageDown = await serviceWith({
      storageCheck: async () => ({ ok: false, detail: 'bucket missing' }),
    }).check();
    expect(storageDown).toMatchObject({ status: 'degraded', storage: { ok: false } });
    const noFfmpeg = await serviceWith({ audio: { ok: false, detail: 'not found' } }).check();
    expect(noFfmpeg.status).toBe('degraded');
  });

  it('is unavailable when the database fails or hangs, within the timeout', async () => {
    const failing = await serviceWith({
      ping: () => Promise.reject(new Error('ECONNREFUSED')),
    }).check();
    expect(failing).toMatchObject({ status: 'unavailable', database: { ok: false } });
    const started = Date.now();
    const hanging = await serviceWith({ ping: never, storageCheck: never }).check();
    expect(hanging).toMatchObject({ status: 'unavailable', storage: { ok: false } });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('is unavailable once shutdown has begun', async () => {
    const service = serviceWith({});
    service.beginShutdown();
    expect(await service.check()).toMatchObject({ status: 'unavailable', shuttingDown: true });
  });
});
