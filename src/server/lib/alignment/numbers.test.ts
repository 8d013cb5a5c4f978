/**
 * Numbers, times and ordinals on real speech (issue 21): eSpeak reads `15.000` as "quince mil",
 * `9:30` as "nueve treinta", `1.º` as "primero". The recording is eSpeak in another voice and pace
 * than the aligner's reference, so the true word starts are eSpeak's own word events; each number
 * must be one word, timed from the first word eSpeak says inside it to the next word.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { transcriptFromText } from '#shared/studio/plain-text';
import type { Transcript } from '#shared/transcript';
import { synthesizeSpeech } from '../speech/index.ts';
import { alignTranscript } from './align.ts';

const SENTENCES = [
  'El abrigo cuesta 15.000 euros y el tren sale a las 9:30.',
  'Llegó el 1.º de mayo, y era la 2.ª vez que venía.',
  'El río mide 3,5 kilómetros y tiene 1.000.000 de peces.',
  'A las 10:45:30 Ana dijo que tenía 3.',
];
const NUMBERS = ['15.000', '9:30', '1.º', '2.ª', '3,5', '1.000.000', '10:45:30', '3'];
/** Seconds of silence before the first sentence, as a recording has. */
const LEAD_SECONDS = 0.4;
/** How far an aligned word may start from eSpeak's word event. */
const TOLERANCE_SECONDS = 0.06;

let transcript: Transcript;
let trueStarts: number[][];

beforeAll(async () => {
  const speech = await synthesizeSpeech(
    SENTENCES.map((text) => ({ text })),
    { voice: 'es-419', speed: 135, pitch: 40, pauseSeconds: 0.6 },
  );
  const lead = Math.round(LEAD_SECONDS * speech.sampleRate);
  const samples = new Float32Array(lead + speech.samples.length);
  samples.set(speech.samples, lead);
  trueStarts = speech.sentences.map((sentence) =>
    sentence.wordStarts.map((start) => start + LEAD_SECONDS),
  );
  const aligned = await alignTranscript({
    samples,
    sampleRate: speech.sampleRate,
    transcript: transcriptFromText(SENTENCES.join('\n')),
    language: 'es',
  });
  transcript = aligned.transcript;
});

describe('numbers, times and ordinals on real speech', () => {
  it('keeps each number one word of its sentence', () => {
    const words = transcript.segments.flatMap((segment) => segment.words.map((w) => w.text));
    for (const number of NUMBERS) expect(words).toContain(number);
    expect(words).not.toContain('000');
    expect(words).not.toContain('º');
  });

  it('starts every word where eSpeak said it, the numbers and the words after them', () => {
    transcript.segments.forEach((segment, s) => {
      expect(segment.words).toHaveLength(trueStarts[s]!.length);
      segment.words.forEach((word, w) => {
        const truth = trueStarts[s]![w]!;
        expect(
          Math.abs(word.start - truth),
          `"${word.text}" at ${word.start} s, eSpeak said it at ${truth.toFixed(3)} s`,
        ).toBeLessThanOrEqual(TOLERANCE_SECONDS);
      });
    });
  });

  it('gives each number the time eSpeak took to say it, up to the next word', () => {
    const numberWords = transcript.segments.flatMap((segment, s) =>
      segment.words.flatMap((word, w) =>
        NUMBERS.includes(word.text) ? [{ word, next: trueStarts[s]![w + 1] }] : [],
      ),
    );
    expect(numberWords.map(({ word }) => word.text)).toEqual(NUMBERS);
    for (const { word, next } of numberWords) {
      // "quince mil" or "diez cuarenta y cinco treinta" take far longer than a collapsed 10 ms.
      expect(word.end - word.start, word.text).toBeGreaterThan(0.25);
      if (next !== undefined)
        expect(Math.abs(word.end - next)).toBeLessThanOrEqual(TOLERANCE_SECONDS);
    }
  });
});
