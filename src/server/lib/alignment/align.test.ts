/**
 * The engine end to end on real audio: the first four sentences of a demo chapter (eSpeak at the
 * demo's pace, encoded and decoded), and the same passage after a short tune, with its pitch and
 * formants raised by a fifth and pink noise over it. The true times are the demo's own.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { decodeAudio } from '../audio/index.ts';
import { alignTranscript } from './align.ts';
import { AlignmentError, type AlignmentInput } from './types.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
/** Seconds of tune before the passage in the altered recording. */
const INTRO_SECONDS = 1.5;

let truth: Transcript;
let clean: { samples: Float32Array; sampleRate: number };
let altered: { samples: Float32Array; sampleRate: number };

beforeAll(async () => {
  truth = transcriptSchema.parse(
    JSON.parse(await readFile(path.join(fixtures, 'demo-excerpt.json'), 'utf8')),
  );
  clean = await decodeAudio(path.join(fixtures, 'demo-excerpt.opus'));
  altered = await decodeAudio(path.join(fixtures, 'demo-excerpt-altered.opus'));
});

/** The transcript as an administrator gives it: texts, translations and glosses, no times. */
function untimed(transcript: Transcript): Transcript {
  return {
    segments: transcript.segments.map((segment) => ({
      ...segment,
      start: 0,
      end: 0,
      words: segment.words.map((word) => ({ ...word, start: 0, end: 0 })),
    })),
  };
}

const quantile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1] as number;

function expectWithinBudget(aligned: Transcript, shift: number): void {
  const wordErrors: number[] = [];
  aligned.segments.forEach((segment, s) => {
    const trueSegment = truth.segments[s];
    segment.words.forEach((word, w) => {
      wordErrors.push(Math.abs(word.start - ((trueSegment?.words[w]?.start ?? 0) + shift)));
    });
    // A sentence starts with its first word.
    const trueStart = (trueSegment?.words[0]?.start ?? 0) + shift;
    expect(Math.abs(segment.start - trueStart)).toBeLessThanOrEqual(0.06);
  });
  expect(quantile(wordErrors, 0.5)).toBeLessThanOrEqual(0.02);
  expect(quantile(wordErrors, 0.9)).toBeLessThanOrEqual(0.06);
}

function expectWellFormed(aligned: Transcript, duration: number): void {
  let previousEnd = 0;
  for (const segment of aligned.segments) {
    expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
    expect(segment.end).toBeGreaterThan(segment.start);
    expect(segment.end).toBeLessThanOrEqual(duration);
    expect(segment.confidence).toBeGreaterThanOrEqual(0);
    expect(segment.confidence).toBeLessThanOrEqual(1);
    let previousStart = segment.start;
    for (const [w, word] of segment.words.entries()) {
      expect(word.start).toBeGreaterThanOrEqual(previousStart);
      expect(word.end).toBe(segment.words[w + 1]?.start ?? segment.end);
      expect(Math.round(word.start * 1000) / 1000).toBe(word.start);
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      previousStart = word.start;
    }
    previousEnd = segment.end;
  }
}

const input = (
  audio: { samples: Float32Array; sampleRate: number },
  transcript: Transcript,
  extra: Partial<AlignmentInput> = {},
): AlignmentInput => ({ ...audio, transcript, language: 'es', ...extra });

describe('alignTranscript', () => {
  it('times every word of a recording within the budget, keeping texts, translations and glosses', async () => {
    const { transcript, leadingNonSpeechSeconds } = await alignTranscript(
      input(clean, untimed(truth)),
    );
    expectWithinBudget(transcript, 0);
    expectWellFormed(transcript, clean.samples.length / clean.sampleRate);
    expect(transcriptSchema.parse(transcript)).toEqual(transcript);
    transcript.segments.forEach((segment, s) => {
      const original = truth.segments[s];
      expect(segment.text).toBe(original?.text);
      expect(segment.translation).toBe(original?.translation);
      expect(segment.words.map((w) => [w.id, w.text, w.gloss])).toEqual(
        original?.words.map((w) => [w.id, w.text, w.gloss]),
      );
    });
    expect(Math.abs(leadingNonSpeechSeconds - 0.3)).toBeLessThanOrEqual(0.03);
  });

  it('finds the words after a tune, in another voice, through noise', async () => {
    const { transcript, leadingNonSpeechSeconds } = await alignTranscript(
      input(altered, untimed(truth)),
    );
    expectWithinBudget(transcript, INTRO_SECONDS);
    expectWellFormed(transcript, altered.samples.length / altered.sampleRate);
    expect(Math.abs(leadingNonSpeechSeconds - (INTRO_SECONDS + 0.3))).toBeLessThanOrEqual(0.06);
  });

  it('gives a recording the same timings whatever the process aligned before it', async () => {
    const first = await alignTranscript(input(clean, untimed(truth)));
    await alignTranscript(input(altered, untimed(truth)));
    const afterAnother = await alignTranscript(input(clean, untimed(truth)));
    expect(afterAnother).toEqual(first);
  });

  it('reports its progress in order up to the end, by stages', async () => {
    const reports: [string, number][] = [];
    await alignTranscript(
      input(clean, untimed(truth), { onProgress: (stage, f) => reports.push([stage, f]) }),
    );
    const fractions = reports.map(([, f]) => f);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    expect(new Set(reports.map(([stage]) => stage)).size).toBeGreaterThanOrEqual(4);
  });

  it('stops when its job is cancelled', async () => {
    const controller = new AbortController();
    const run = alignTranscript(
      input(clean, untimed(truth), {
        signal: controller.signal,
        onProgress: (_, fraction) => {
          if (fraction > 0.2) controller.abort();
        },
      }),
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a text without words, a recording without speech, and a text the recording does not say', async () => {
    const noWords: Transcript = {
      segments: [{ id: 's1', start: 0, end: 0, text: '¡…!', words: [] }],
    };
    await expect(alignTranscript(input(clean, noWords))).rejects.toMatchObject({
      reason: 'no-words',
    });

    const silence = { samples: new Float32Array(16_000 * 5), sampleRate: 16_000 };
    await expect(alignTranscript(input(silence, untimed(truth)))).rejects.toMatchObject({
      reason: 'no-speech',
    });
    const hum = {
      samples: Float32Array.from({ length: 16_000 * 5 }, (_, i) => 0.2 * Math.sin(i * 0.1)),
      sampleRate: 16_000,
    };
    await expect(alignTranscript(input(hum, untimed(truth)))).rejects.toBeInstanceOf(
      AlignmentError,
    );

    const otherText: Transcript = {
      segments: [
        'Es lunes y llueve mucho.',
        'Pablo espera el autobús de las ocho, como todos los días.',
        'Pablo tiene diecinueve años y estudia música en la universidad.',
        'No tiene paraguas, y su chaqueta está mojada.',
      ].map((text, s) => ({
        id: `s${s + 1}`,
        start: 0,
        end: 0,
        text,
        words: (text.match(/[\p{L}]+/gu) ?? []).map((word, w) => ({
          id: `s${s + 1}w${w + 1}`,
          text: word,
          start: 0,
          end: 0,
        })),
      })),
    };
    await expect(alignTranscript(input(clean, otherText))).rejects.toMatchObject({
      reason: 'mismatch',
    });
  });
});
