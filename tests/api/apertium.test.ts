import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '#server/modules/translate/apertium/apertium-install';
import {
  alignmentResultSchema,
  prefillResponseSchema,
  studioChapterSchema,
} from '#shared/contracts/studio';
import { signedInUser } from './helpers/accounts.ts';
import {
  adminRequest,
  chapterWithRecording,
  FAST_JOBS,
  finishedJob,
  PARAGUAS,
  paraguasTranscript,
} from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Apertium end to end on the real Debian package (apertium-eng-spa, decision 044): the studio's
 * prefill, an alignment job and a learner's translation. `npm test` installs the package when run
 * as root (scripts/ensure-system-tools.ts); without it and without root these tests are skipped
 * and their title says why.
 */
const apertium = findApertium();
const title = apertium.found
  ? 'Apertium end to end (real apertium-eng-spa)'
  : `Apertium end to end — SKIPPED: ${apertium.reason}; npm test installs it when run as root`;

describe.runIf(apertium.found)(title, () => {
  let t: TestApp;
  let call: ReturnType<typeof adminRequest>;
  let cookie: string;

  beforeAll(async () => {
    // The default: on because the package is installed.
    t = await createTestApp({ TRANSLATE_APERTIUM: 'auto' }, { jobs: FAST_JOBS });
    const admin = await signedInUser(t, { role: 'admin' });
    cookie = admin.cookie;
    call = adminRequest(t.app, cookie);
    await t.app.context.services.jobs.worker.start();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("fills a sentence's missing translation with Apertium's English, marked machine-made by Apertium", async () => {
    const { chapterId } = await chapterWithRecording(t, cookie);
    const res = await call('POST', `/api/admin/chapters/${chapterId}/translations/prefill`, {
      transcript: paraguasTranscript(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { transcript, report } = prefillResponseSchema.parse(res.json());
    expect(transcript.segments[0]!.translation).toBe('It is Monday and it is raining hard.');
    expect(transcript.segments[1]).toMatchObject({
      translation: 'Pablo expects the bus of the eight, as every day.',
      translationSource: 'machine',
      translationOrigin: 'apertium',
    });
    expect(report).toMatchObject({
      providers: ['apertium'],
      sentencesTranslated: [{ provider: 'apertium', sentences: 1 }],
      sentencesMissing: 0,
      failures: [],
    });
  });

  it('translates every sentence of a chapter aligned from its recording', async () => {
    const { chapterId } = await chapterWithRecording(t, cookie, 'paraguas-8s.m4a');
    const started = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finishedJob(t.app, cookie, started.json().job.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(alignmentResultSchema.parse(job.result).translations).toMatchObject({
      providers: ['apertium'],
      sentencesTranslated: [{ provider: 'apertium', sentences: 2 }],
      sentencesMissing: 0,
      failures: [],
    });
    const studio = studioChapterSchema.parse(
      (await call('GET', `/api/admin/chapters/${chapterId}/studio`)).json(),
    );
    expect(
      studio.transcript!.segments.map((segment) => [
        segment.translation,
        segment.translationSource,
        segment.translationOrigin,
      ]),
    ).toEqual([
      ['It is Monday and rains a lot.', 'machine', 'apertium'],
      ['Pablo expects the bus of the eight, as every day.', 'machine', 'apertium'],
    ]);
  });

  it("answers a learner's selection longer than a short phrase with Apertium's translation", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'El perro de mi hermana come pan todos los días.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      translation: 'The dog of my sister eats bread every day.',
      source: 'api',
      language: 'en',
    });
  });
});

describe.runIf(apertium.found)(`${title}: the health check`, () => {
  it("asks Apertium for a word in the administrators' health check", async () => {
    const t = await createTestApp({ TRANSLATE_APERTIUM: 'true' });
    try {
      const admin = await signedInUser(t, { role: 'admin' });
      const res = await adminRequest(t.app, admin.cookie)('GET', '/api/admin/health-check');
      expect(res.json().checks.translation).toEqual({
        ok: true,
        message: expect.stringMatching(/^Apertium answered in \d+ ms\.$/),
      });
    } finally {
      await t.close();
    }
  });
});
