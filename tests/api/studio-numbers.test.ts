/**
 * Numbers, times and ordinals through the studio (issue 21): a chapter aligned from a text with
 * `15.000 euros a las 9:30` keeps each number one timed word, and a learner who looks one up gets
 * its English. The recording is made here by eSpeak in a voice unlike the aligner's reference, so
 * the true word starts are eSpeak's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesizeSpeech } from '#server/lib/speech/index';
import { studioChapterSchema } from '#shared/contracts/studio';
import { encodeWav } from '../../scripts/content/wav.ts';
import { signedInUser } from './helpers/accounts.ts';
import { adminRequest, chapterWithRecording, FAST_JOBS, finishedJob } from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TEXT = 'Pagó 15.000 euros a las 9:30 del 1.º de mayo.\nLuego durmió 3,5 horas.';
const NUMBERS = ['15.000', '9:30', '1.º', '3,5'];
/** Seconds of silence before the narration. */
const LEAD_SECONDS = 0.5;
/** How far an aligned word may start from where eSpeak said it. */
const TOLERANCE_SECONDS = 0.1;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let call: ReturnType<typeof adminRequest>;
let recording: Buffer;
let trueStarts: number[][];

beforeAll(async () => {
  t = await createTestApp({}, { jobs: FAST_JOBS });
  admin = await signedInUser(t, { role: 'admin' });
  call = adminRequest(t.app, admin.cookie);
  await t.app.context.services.jobs.worker.start();

  const speech = await synthesizeSpeech(
    TEXT.split('\n').map((text) => ({ text })),
    { voice: 'es-419+m3', speed: 140, pitch: 45, pauseSeconds: 0.6 },
  );
  const lead = Math.round(LEAD_SECONDS * speech.sampleRate);
  const samples = new Int16Array(lead + speech.samples.length);
  speech.samples.forEach((value, i) => (samples[lead + i] = Math.round(value * 32767)));
  recording = encodeWav(samples, speech.sampleRate);
  trueStarts = speech.sentences.map((sentence) =>
    sentence.wordStarts.map((start) => start + LEAD_SECONDS),
  );
});
afterAll(async () => {
  await t.close();
});

describe('a text with numbers, aligned', () => {
  it('keeps 15.000, 9:30, 1.º and 3,5 single words, each timed where it is said', async () => {
    const { chapterId } = await chapterWithRecording(t, admin.cookie, {
      filename: 'numeros.wav',
      contentType: 'audio/wav',
      content: recording,
    });
    const started = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: TEXT,
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finishedJob(t.app, admin.cookie, started.json().job.id);
    expect(job.status, job.error ?? '').toBe('succeeded');

    const studio = studioChapterSchema.parse(
      (await call('GET', `/api/admin/chapters/${chapterId}/studio`)).json(),
    );
    const segments = studio.transcript!.segments;
    expect(segments.map((segment) => segment.words.map((word) => word.text))).toEqual([
      ['Pagó', '15.000', 'euros', 'a', 'las', '9:30', 'del', '1.º', 'de', 'mayo'],
      ['Luego', 'durmió', '3,5', 'horas'],
    ]);
    segments.forEach((segment, s) => {
      segment.words.forEach((word, w) => {
        const truth = trueStarts[s]![w]!;
        expect(
          Math.abs(word.start - truth),
          `"${word.text}" at ${word.start} s, said at ${truth.toFixed(3)} s`,
        ).toBeLessThan(TOLERANCE_SECONDS);
        if (NUMBERS.includes(word.text)) {
          // Spoken as "quince mil", "nueve treinta", "primero", "tres coma cinco".
          expect(word.end - word.start, word.text).toBeGreaterThan(0.3);
        }
      });
    });
  });

  it('answers a learner’s look-up of a number with its English form', async () => {
    const lookUp = async (text: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/translate', payload: { text } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await lookUp('15.000')).toEqual({
      translation: '15,000',
      source: 'dictionary',
      language: 'en',
    });
    expect((await lookUp('3,5')).translation).toBe('3.5');
    expect((await lookUp('9:30')).translation).toBe('9:30');
    expect((await lookUp('1.º')).translation).toBe('1st');
    expect((await lookUp('2.ª')).translation).toBe('2nd');
  });
});
