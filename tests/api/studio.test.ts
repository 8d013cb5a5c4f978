import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs, securityAuditLog } from '#server/db/schema';
import {
  alignmentResultSchema,
  prefillResponseSchema,
  studioChapterSchema,
  transcriptVersionsResponseSchema,
  waveformSchema,
  type StudioChapter,
} from '#shared/contracts/studio';
import { checkTimedTranscript } from '#shared/studio/check-transcript';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { startFakeLibreTranslate } from './helpers/fake-translation-services.ts';
import {
  adminRequest,
  chapterWithRecording,
  FAST_JOBS,
  finishedJob,
  PARAGUAS,
  paraguasTranscript,
  storedTranscriptState,
} from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** How close an aligned sentence must start to the truth in these tests. */
const START_TOLERANCE_SECONDS = 0.1;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let call: ReturnType<typeof adminRequest>;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: FAST_JOBS });
  admin = await signedInUser(t, { role: 'admin' });
  call = adminRequest(t.app, admin.cookie);
  await t.app.context.services.jobs.worker.start();
});
afterAll(async () => {
  await t.close();
});

async function studioOf(chapterId: string): Promise<StudioChapter> {
  const res = await call('GET', `/api/admin/chapters/${chapterId}/studio`);
  expect(res.statusCode).toBe(200);
  return studioChapterSchema.parse(res.json());
}

async function align(chapterId: string, body: object) {
  const res = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, body);
  expect(res.statusCode, res.body).toBe(202);
  return finishedJob(t.app, admin.cookie, res.json().job.id);
}

const auditActionsFor = async (chapterId: string) =>
  (
    await t.database.db
      .select({ action: securityAuditLog.action, details: securityAuditLog.details })
      .from(securityAuditLog)
      .where(eq(securityAuditLog.userId, admin.userId))
  )
    .filter((row) => (row.details as { chapter_id?: string }).chapter_id === chapterId)
    .map((row) => row.action);

const firstWordStarts = (transcript: Transcript) =>
  transcript.segments.map((segment) => segment.words[0]!.start);

describe('alignment from upload to transcript', () => {
  it('aligns a recording with its text in a background job and saves the result as a version', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const started = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
    });
    expect(started.statusCode).toBe(202);
    expect(started.json().job).toMatchObject({
      kind: 'align-chapter',
      status: 'queued',
      subjectId: chapterId,
    });

    const job = await finishedJob(t.app, admin.cookie, started.json().job.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = alignmentResultSchema.parse(job.result);
    expect(result).toMatchObject({ version: 1, segments: 2, words: 16 });
    expect(result.leadingNonSpeechSeconds).toBeCloseTo(0.3, 1);
    // The job's prefill reports what it did: glosses only, no service to translate sentences.
    expect(result.translations).toMatchObject({
      providers: [],
      sentencesTranslated: [],
      sentencesMissing: 2,
      glossesFilled: expect.any(Number),
      failures: [],
    });

    const latest = await call('GET', `/api/admin/chapters/${chapterId}/alignment`);
    expect(latest.json().job).toMatchObject({ id: job.id, status: 'succeeded', progress: 1 });

    const studio = await studioOf(chapterId);
    expect(studio.version).toBe(1);
    expect(studio.audio).toEqual({
      url: `/api/chapters/${chapterId}/audio?preview=1`,
      durationSeconds: expect.closeTo(8, 1),
    });
    const transcript = studio.transcript!;
    expect(transcript.segments.map((segment) => segment.text)).toEqual(PARAGUAS.text.split('\n'));
    firstWordStarts(transcript).forEach((start, index) => {
      expect(Math.abs(start - PARAGUAS.firstWordStarts[index]!)).toBeLessThan(
        START_TOLERANCE_SECONDS,
      );
    });
    // Every time is one the player accepts, inside the recording.
    expect(
      checkTimedTranscript(transcript, { durationSeconds: studio.audio!.durationSeconds }),
    ).toEqual([]);
    // Glosses come from the lexicon, marked as machine-made; no provider here, so no translations.
    const lunes = transcript.segments[0]!.words[1]!;
    expect(lunes).toMatchObject({ text: 'lunes', glossSource: 'machine' });
    expect(lunes.gloss).toMatch(/monday/i);
    expect(transcript.segments.every((segment) => segment.translation === undefined)).toBe(true);
    expect(studio.summary).toMatchObject({ segments: 2, words: 16, segmentsNeedingTranslation: 2 });

    expect(await storedTranscriptState(t, chapterId)).toMatchObject({ duration: 8, versions: 1 });
    const versions = transcriptVersionsResponseSchema.parse(
      (await call('GET', `/api/admin/chapters/${chapterId}/transcript/versions`)).json(),
    ).versions;
    expect(versions).toEqual([
      expect.objectContaining({ version: 1, source: 'alignment', createdBy: expect.any(String) }),
    ]);
    expect(await auditActionsFor(chapterId)).toEqual(
      expect.arrayContaining(['files_associated', 'alignment_started', 'transcript_saved']),
    );
  });

  it('aligns the chapter’s own transcript again, keeping what a person wrote', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const saved = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: paraguasTranscript(),
      baseVersion: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const job = await align(chapterId, {});
    expect(job.status, job.error ?? '').toBe('succeeded');
    const { transcript, version } = await studioOf(chapterId);
    expect(version).toBe(2);
    const first = transcript!.segments[0]!;
    expect(first).toMatchObject({
      translation: 'It is Monday and it is raining hard.',
      translationSource: 'human',
    });
    expect(first.words.map((word) => [word.gloss, word.glossSource])).toEqual([
      ['it is', undefined],
      ['Monday', undefined],
      ['and', undefined],
      ['it rains', undefined],
      ['a lot', undefined],
    ]);
    expect(transcript!.segments[1]!.words[3]).toMatchObject({
      text: 'autobús',
      gloss: 'bus',
      glossSource: 'machine',
    });
  });

  it('aligns a transcript sent without times', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const untimed = paraguasTranscript();
    for (const segment of untimed.segments) {
      segment.start = 0;
      segment.end = 0;
      for (const word of segment.words) Object.assign(word, { start: 0, end: 0 });
    }
    const job = await align(chapterId, { transcript: untimed });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const { transcript } = await studioOf(chapterId);
    expect(transcript!.segments[0]!.translation).toBe('It is Monday and it is raining hard.');
    expect(
      Math.abs(transcript!.segments[1]!.words[0]!.start - PARAGUAS.firstWordStarts[1]),
    ).toBeLessThan(START_TOLERANCE_SECONDS);
  });

  it('aligns, and does not refuse, a low-pitched narrator after an intro tune much louder than the voice', async () => {
    // 6 s of tune about 19 dB louder than the voice, 0.5 s of silence, then the two sentences
    // lower (README in fixtures/studio). It was refused as not saying the text.
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'tune-then-low-voice.m4a');
    const job = await align(chapterId, { text: PARAGUAS.text });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const { transcript } = await studioOf(chapterId);
    const intro = 6.5;
    // Known shortfall (issue 22 notes): the first sentence can still be placed inside the tune.
    const second = transcript!.segments[1]!.words[0]!.start;
    expect(Math.abs(second - intro - PARAGUAS.firstWordStarts[1])).toBeLessThan(
      START_TOLERANCE_SECONDS,
    );
  });
});

describe('alignment refused or failed: a clear reason, nothing stored', () => {
  const jobCount = async (chapterId: string) =>
    (
      await t.database.db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.subjectId, chapterId))
    ).length;

  it('refuses a chapter without a recording', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie);
    const res = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This chapter has no recording yet: upload its audio first',
    );
    expect(await jobCount(chapterId)).toBe(0);
  });

  it('refuses a text with no Spanish words at once', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    for (const text of ['', '   \n\n', '1234 5678', '* * * … ¡!']) {
      const res = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, { text });
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error.message).toBe('The text has no Spanish words to align');
    }
    expect(await jobCount(chapterId)).toBe(0);
  });

  it('refuses a text and a transcript together, an unknown chapter, and nothing to re-align', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const both = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
      transcript: paraguasTranscript(),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe('Send either a text or a transcript, not both');

    const own = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {});
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toMatch(/has no transcript to align again/);

    const unknown = await call(
      'POST',
      '/api/admin/chapters/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10/alignment',
      { text: PARAGUAS.text },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await jobCount(chapterId)).toBe(0);
  });

  it('fails a recording with no speech, saying so, and stores nothing', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'quiet-noise-3s.m4a');
    const before = await storedTranscriptState(t, chapterId);
    const job = await align(chapterId, { text: PARAGUAS.text });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/no speech/i);
    expect(await storedTranscriptState(t, chapterId)).toEqual(before);
    expect(before).toMatchObject({ transcriptFileId: '', versions: 0 });
  });

  it('fails a text that belongs to another recording, saying so, and stores nothing', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const before = await storedTranscriptState(t, chapterId);
    const job = await align(chapterId, {
      text:
        'Marta no había vuelto a Galicia desde que era niña.\n' +
        'Por eso, cuando el notario le dijo que su abuela le había dejado la casa, casi no se lo podía creer.',
    });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/does not (say|match)|another|not this text|mismatch/i);
    expect(await storedTranscriptState(t, chapterId)).toEqual(before);
  });
});

describe('the editor: read, save with versions, restore', () => {
  it('reads a chapter without a transcript: its recording measured, what is missing said', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const studio = await studioOf(chapterId);
    expect(studio).toMatchObject({
      transcript: null,
      version: null,
      summary: { segments: 0, words: 0, segmentsNeedingTranslation: 0, wordsNeedingGloss: 0 },
      warnings: ['This chapter has no transcript yet: align its recording with its text.'],
    });
    expect(studio.audio!.durationSeconds).toBeCloseTo(8, 1);
  });

  it('saves versions, refuses a save over a newer one (409), lists and restores them', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const first = paraguasTranscript();
    const saved = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: first,
      baseVersion: null,
      note: 'First draft',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Sentence 2's eleven words have no gloss; 'Pablo', a name, needs none (gloss-exempt.ts).
    expect(studioChapterSchema.parse(saved.json())).toMatchObject({
      version: 1,
      transcript: first,
      summary: { segments: 2, words: 16, segmentsNeedingTranslation: 1, wordsNeedingGloss: 10 },
    });

    const second = paraguasTranscript();
    second.segments[1]!.translation = 'Pablo waits for the eight o’clock bus, like every day.';
    second.segments[1]!.translationSource = 'human';
    const savedAgain = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: second,
      baseVersion: 1,
    });
    expect(savedAgain.json()).toMatchObject({
      version: 2,
      summary: { segmentsNeedingTranslation: 0 },
    });

    // Someone still editing version 1 is refused, and nothing of their save stays behind.
    const before = await storedTranscriptState(t, chapterId);
    const stale = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: first,
      baseVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Someone saved this transcript since you opened it: version 2 is now the newest',
    );
    expect(await storedTranscriptState(t, chapterId)).toEqual(before);

    const versions = transcriptVersionsResponseSchema.parse(
      (await call('GET', `/api/admin/chapters/${chapterId}/transcript/versions`)).json(),
    ).versions;
    expect(versions.map(({ version, source, note }) => ({ version, source, note }))).toEqual([
      { version: 2, source: 'editor', note: null },
      { version: 1, source: 'editor', note: 'First draft' },
    ]);
    expect(versions[0]!.createdBy).toBe('Ana García');

    const restored = await call(
      'POST',
      `/api/admin/chapters/${chapterId}/transcript/versions/1/restore`,
    );
    expect(restored.statusCode).toBe(200);
    expect(studioChapterSchema.parse(restored.json())).toMatchObject({
      version: 3,
      transcript: first,
    });
    const afterRestore = transcriptVersionsResponseSchema.parse(
      (await call('GET', `/api/admin/chapters/${chapterId}/transcript/versions`)).json(),
    ).versions;
    expect(afterRestore[0]).toMatchObject({
      version: 3,
      source: 'restore',
      note: 'Restored version 1',
    });
    const missing = await call(
      'POST',
      `/api/admin/chapters/${chapterId}/transcript/versions/9/restore`,
    );
    expect(missing.statusCode).toBe(404);
    expect(await auditActionsFor(chapterId)).toEqual(
      expect.arrayContaining(['transcript_saved', 'transcript_saved', 'transcript_restored']),
    );
  });

  it('refuses times out of order or outside the recording, each problem placed, and stores nothing', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const before = await storedTranscriptState(t, chapterId);

    const disordered = paraguasTranscript();
    disordered.segments[1]!.words[2]!.start = 3.0; // 'el' now starts before 'espera' ends
    const refused = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: disordered,
      baseVersion: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.issues).toEqual([
      { path: '/transcript/segments/1/words/2/start', message: expect.stringContaining('"el"') },
    ]);

    const tooLong = paraguasTranscript();
    tooLong.segments[1]!.end = 9.5;
    tooLong.segments[1]!.words.at(-1)!.end = 9.5;
    const outside = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: tooLong,
      baseVersion: null,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.details.issues).toEqual([
      { path: '/transcript/segments/1/end', message: expect.stringMatching(/after the audio/) },
    ]);
    expect(await storedTranscriptState(t, chapterId)).toEqual(before);
  });

  it('keeps a transcript uploaded through the files screen as a version before saving over it', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    await t.storage.put(
      'trans',
      'test/uploaded.json',
      Buffer.from(JSON.stringify(paraguasTranscript())),
      'application/json',
    );
    const { chapters } = await import('#server/db/schema');
    await t.database.db
      .update(chapters)
      .set({ transcriptFileId: 'test/uploaded.json' })
      .where(eq(chapters.id, chapterId));
    expect((await studioOf(chapterId)).version).toBeNull();

    const edited = paraguasTranscript();
    edited.segments[0]!.words[0]!.gloss = 'is';
    const saved = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: edited,
      baseVersion: null,
    });
    expect(saved.json().version).toBe(2);
    const versions = transcriptVersionsResponseSchema.parse(
      (await call('GET', `/api/admin/chapters/${chapterId}/transcript/versions`)).json(),
    ).versions;
    expect(versions.map(({ version, source }) => [version, source])).toEqual([
      [2, 'editor'],
      [1, 'upload'],
    ]);
    const restored = await call(
      'POST',
      `/api/admin/chapters/${chapterId}/transcript/versions/1/restore`,
    );
    expect(restored.json().transcript).toEqual(paraguasTranscript());
  });

  it('warns when the transcript ends far before the recording', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const firstSentenceOnly = { segments: [paraguasTranscript().segments[0]!] };
    const saved = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
      transcript: firstSentenceOnly,
      baseVersion: null,
    });
    expect(saved.json().warnings).toEqual([
      expect.stringMatching(
        /^The transcript ends at 0:02, 6 s before the recording does \(0:0[78]\)/,
      ),
    ]);
  });

  it('saves a long chapter’s transcript, larger than the app’s usual JSON limit', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    // 500 sentences of 5 words, with translations and glosses, packed into the 8 s recording.
    const long: Transcript = {
      segments: Array.from({ length: 500 }, (_, s) => {
        const start = s * 0.015;
        return {
          id: `s${s + 1}`,
          start,
          end: start + 0.01,
          text: 'Pablo espera el autobús hoy.',
          translation: `Pablo waits for the bus today (sentence ${s + 1}). `.repeat(4),
          translationSource: 'human' as const,
          words: ['Pablo', 'espera', 'el', 'autobús', 'hoy'].map((text, w) => ({
            id: `s${s + 1}w${w + 1}`,
            text,
            start: start + w * 0.002,
            end: start + (w + 1) * 0.002,
            gloss: `the English of ${text}`,
            glossSource: 'human' as const,
          })),
        };
      }),
    };
    const payload = { transcript: long, baseVersion: null };
    expect(JSON.stringify(payload).length).toBeGreaterThan(256 * 1024);
    const saved = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, payload);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect(saved.json().summary).toEqual({
      segments: 500,
      words: 2500,
      segmentsNeedingTranslation: 0,
      wordsNeedingGloss: 0,
    });
  });

  it('answers 404 for a chapter that does not exist', async () => {
    for (const url of ['studio', 'transcript/versions', 'waveform']) {
      const res = await call(
        'GET',
        `/api/admin/chapters/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10/${url}`,
      );
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('re-aligning one sentence', () => {
  it('places a misplaced sentence again from the audio around it', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const editing = paraguasTranscript();
    // The second sentence was put 1.2 s late, words and all.
    const late = editing.segments[1]!;
    late.start += 1.2;
    for (const word of late.words) {
      word.start = Math.min(7.9, word.start + 1.2);
      word.end = Math.min(7.9, word.end + 1.2);
    }
    const res = await call('POST', `/api/admin/chapters/${chapterId}/realign-segment`, {
      transcript: editing,
      segmentId: 's2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { segment } = res.json();
    expect(segment).toMatchObject({ id: 's2', text: late.text });
    expect(Math.abs(segment.words[0].start - PARAGUAS.firstWordStarts[1])).toBeLessThan(
      START_TOLERANCE_SECONDS,
    );
    const placed = { segments: [editing.segments[0]!, segment] };
    expect(checkTimedTranscript(placed, { durationSeconds: 8.1 })).toEqual([]);
    // Nothing is saved by it.
    expect((await storedTranscriptState(t, chapterId)).versions).toBe(0);
  });

  it('refuses an unknown sentence and a chapter without a recording', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const unknown = await call('POST', `/api/admin/chapters/${chapterId}/realign-segment`, {
      transcript: paraguasTranscript(),
      segmentId: 's9',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('The transcript has no sentence with the id “s9”');

    const silent = await chapterWithRecording(t, admin.cookie);
    const noAudio = await call('POST', `/api/admin/chapters/${silent.chapterId}/realign-segment`, {
      transcript: paraguasTranscript(),
      segmentId: 's1',
    });
    expect(noAudio.statusCode).toBe(400);
  });
});

describe('translation prefill', () => {
  it('fills missing glosses from the lexicon as machine-made, keeps what is written, and says no service translates sentences', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const res = await call('POST', `/api/admin/chapters/${chapterId}/translations/prefill`, {
      transcript: paraguasTranscript(),
    });
    expect(res.statusCode).toBe(200);
    const { transcript, report } = prefillResponseSchema.parse(res.json());
    expect(transcript.segments[0]).toEqual(paraguasTranscript().segments[0]);
    // A word no other test of this file approves a gloss of (the memory would offer that one).
    const dias = transcript.segments[1]!.words[10]!;
    expect(dias).toMatchObject({
      text: 'días',
      gloss: 'day',
      glossSource: 'machine',
      glossOrigin: 'lexicon',
    });
    // No translation service is configured here: sentences stay untranslated, and the report
    // says so rather than claiming them filled.
    expect(transcript.segments[1]!.translation).toBeUndefined();
    const glossed = transcript.segments[1]!.words.filter((word) => word.gloss).length;
    expect(report).toEqual({
      providers: [],
      sentencesTranslated: [],
      sentencesFromMemory: 0,
      sentencesMissing: 1,
      glossesFilled: glossed,
      failures: [],
    });
    expect(glossed).toBeGreaterThan(5);
    expect((await storedTranscriptState(t, chapterId)).versions).toBe(0);
  });

  it('translates sentences through the configured service, marked as machine-made by it', async () => {
    const fake = await startFakeLibreTranslate();
    const withProvider = await createTestApp({ LIBRETRANSLATE_URL: fake.url });
    try {
      const owner = await signedInUser(withProvider, { role: 'admin' });
      const { chapterId } = await chapterWithRecording(withProvider, owner.cookie);
      const res = await adminRequest(withProvider.app, owner.cookie)(
        'POST',
        `/api/admin/chapters/${chapterId}/translations/prefill`,
        { transcript: paraguasTranscript() },
      );
      const { transcript, report } = prefillResponseSchema.parse(res.json());
      expect(
        transcript.segments.map((s) => [s.translation, s.translationSource, s.translationOrigin]),
      ).toEqual([
        ['It is Monday and it is raining hard.', 'human', undefined],
        [
          '[en] Pablo espera el autobús de las ocho, como todos los días.',
          'machine',
          'libretranslate',
        ],
      ]);
      expect(report).toMatchObject({
        providers: ['libretranslate'],
        sentencesTranslated: [{ provider: 'libretranslate', sentences: 1 }],
        sentencesMissing: 0,
        failures: [],
      });
    } finally {
      await withProvider.close();
      await fake.close();
    }
  });
});

describe('waveform', () => {
  it('gives the recording’s peaks, 100 pairs a second, with its exact length', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
    const res = await call('GET', `/api/admin/chapters/${chapterId}/waveform`);
    expect(res.statusCode).toBe(200);
    const waveform = waveformSchema.parse(res.json());
    expect(waveform.peaksPerSecond).toBe(100);
    expect(waveform.durationSeconds).toBeCloseTo(8, 1);
    expect(waveform.peaks.length).toBe(2 * Math.ceil(waveform.durationSeconds * 100));
    // The first sentence (0.3–2.3 s) is loud; the silence before it is not.
    const loudest = (from: number, to: number) => {
      let widest = 0;
      for (let step = Math.floor(from * 100); step < Math.floor(to * 100); step++) {
        widest = Math.max(widest, waveform.peaks[step * 2 + 1]! - waveform.peaks[step * 2]!);
      }
      return widest;
    };
    expect(loudest(0.3, 2.3)).toBeGreaterThan(100);
    expect(loudest(0, 0.25)).toBeLessThan(5);
    // The studio reads the same measured length.
    expect((await studioOf(chapterId)).audio!.durationSeconds).toBe(waveform.durationSeconds);
  });

  it('answers 404 for a chapter without a recording', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie);
    const res = await call('GET', `/api/admin/chapters/${chapterId}/waveform`);
    expect(res.statusCode).toBe(404);
  });
});
