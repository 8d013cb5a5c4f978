import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesizeSpeech } from '#server/lib/speech/index';
import { checkTimedTranscript } from '#shared/studio/check-transcript';
import { transcriptSchema } from '#shared/transcript';
import { encodeWav } from './content/wav.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const SENTENCES = [
  'Había una vez una niña que vivía cerca del mar.',
  'Cada mañana caminaba hasta el faro.',
  '¿Quién encendía la luz por la noche?',
];
const LEAD_SECONDS = 0.5;

let dir: string;
let audioPath: string;
let duration: number;
/** True sentence starts: where eSpeak began each sentence's first word. */
let sentenceStarts: number[];

/** Runs `npm run align -- …` as a user would (without npm's own banner). */
async function align(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/align.ts', ...args],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'relatos-align-cli-'));
  // A narrator unlike the aligner's reference voice (Latin American, female), after half a second of silence.
  const speech = await synthesizeSpeech(
    SENTENCES.map((text) => ({ text })),
    { voice: 'es-419+f3', speed: 140, pitch: 60, pauseSeconds: 0.6 },
  );
  const lead = Math.round(LEAD_SECONDS * speech.sampleRate);
  const samples = new Int16Array(lead + speech.samples.length);
  speech.samples.forEach((value, i) => (samples[lead + i] = Math.round(value * 32767)));
  audioPath = path.join(dir, 'narration.wav');
  await writeFile(audioPath, encodeWav(samples, speech.sampleRate));
  duration = samples.length / speech.sampleRate;
  sentenceStarts = speech.sentences.map((sentence) => LEAD_SECONDS + sentence.wordStarts[0]!);
  await writeFile(
    path.join(dir, 'story.txt'),
    `${SENTENCES[0]} ${SENTENCES[1]}\n${SENTENCES[2]}\n`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run align', () => {
  it('times every sentence and word of a plain text and writes the transcript', async () => {
    const out = path.join(dir, 'transcript.json');
    const result = await align(
      '--audio',
      audioPath,
      '--text',
      path.join(dir, 'story.txt'),
      '--out',
      out,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Text: 3 sentences, 23 words.');
    expect(result.stderr).toMatch(/Aligned in [\d.]+ s/);
    const transcript = transcriptSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    expect(transcript.segments.map((segment) => segment.text)).toEqual(SENTENCES);
    expect(checkTimedTranscript(transcript, { durationSeconds: duration })).toEqual([]);
    transcript.segments.forEach((segment, s) => {
      expect(Math.abs(segment.start - sentenceStarts[s]!)).toBeLessThan(0.06);
    });
  });

  it('keeps a transcript file’s translations and glosses and prints it', async () => {
    const input = {
      segments: SENTENCES.map((text, s) => ({
        id: `s${s + 1}`,
        text,
        translation: `Sentence ${s + 1}`,
        ...(s === 0 && {
          words: text
            .replace(/[.?¿]/g, '')
            .split(' ')
            .map((word) => ({ text: word, gloss: `(${word})` })),
        }),
      })),
    };
    const file = path.join(dir, 'untimed.json');
    await writeFile(file, JSON.stringify(input));
    const result = await align('--audio', audioPath, '--text', file);
    expect(result.code).toBe(0);
    const transcript = transcriptSchema.parse(JSON.parse(result.stdout));
    expect(transcript.segments.map((segment) => segment.translation)).toEqual([
      'Sentence 1',
      'Sentence 2',
      'Sentence 3',
    ]);
    expect(transcript.segments[0]!.words.map((word) => word.gloss)).toEqual(
      SENTENCES[0]!
        .replace('.', '')
        .split(' ')
        .map((word) => `(${word})`),
    );
    expect(checkTimedTranscript(transcript, { durationSeconds: duration })).toEqual([]);
  });

  it('explains what is wrong with its input', async () => {
    const noWords = path.join(dir, 'blank.txt');
    await writeFile(noWords, '… — !\n');
    const notAudio = path.join(dir, 'notes.mp3');
    await writeFile(notAudio, 'no es audio');

    const usage = await align('--audio', audioPath);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Both --audio and --text are required.');
    expect(usage.stderr).toContain('Usage: npm run align -- --audio <file> --text <file>');

    const language = await align('--audio', audioPath, '--text', noWords, '--language', 'fr');
    expect(language.code).toBe(2);
    expect(language.stderr).toContain('Language "fr" is not supported (only: es).');

    const empty = await align('--audio', audioPath, '--text', noWords);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('has no Spanish words to align.');

    const garbage = await align('--audio', notAudio, '--text', path.join(dir, 'story.txt'));
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toContain(
      `${notAudio}: The file is not an audio recording that can be read`,
    );
    expect(garbage.stdout).toBe('');
  });
});
