import type { EspeakEvent } from '@echogarden/espeak-ng-emscripten';
import { describe, expect, it } from 'vitest';
import { tokenizeWords } from '#shared/studio/words';
import { wordTimingsFromEvents } from './word-timing.ts';

const word = (textPosition: number, ms: number): EspeakEvent => ({
  type: 'word',
  text_position: textPosition,
  word_length: 0,
  audio_position: ms,
});
const phoneme = (id: string, ms: number): EspeakEvent => ({
  type: 'phoneme',
  text_position: 0,
  word_length: 0,
  audio_position: ms,
  id,
});
/** 1 kHz makes sample numbers read as milliseconds. */
const RATE = 1000;

describe('wordTimingsFromEvents', () => {
  it('starts a word at its first sounding phoneme, not at a pause before it', () => {
    const text = 'Hola, mar.';
    const events = [
      word(1, 0),
      phoneme('o', 10),
      phoneme('l', 60),
      word(7, 200),
      phoneme('_:', 200), // the comma's pause belongs to eSpeak's next word event
      phoneme('m', 320),
    ];
    const timings = wordTimingsFromEvents(events, tokenizeWords(text), 600, RATE);
    expect(timings.map((t) => t.startSample)).toEqual([10, 320]);
    expect(timings[1]).toMatchObject({ wordEventMs: 200, phonemeMs: 320, spoken: true });
  });

  it('keeps a word eSpeak reads as several (a number) as one word', () => {
    const text = 'Tenía 1984 años.';
    const events = [
      word(1, 0),
      phoneme('t', 5),
      word(7, 300),
      phoneme('m', 310),
      word(8, 500),
      phoneme('n', 505),
      word(8, 800),
      phoneme('o', 805),
      word(12, 1200),
      phoneme('a', 1210),
    ];
    const timings = wordTimingsFromEvents(events, tokenizeWords(text), 1500, RATE);
    expect(timings.map((t) => t.startSample)).toEqual([5, 310, 1210]);
  });

  it('falls back to the word event when no phoneme follows it', () => {
    const timings = wordTimingsFromEvents([word(1, 40)], tokenizeWords('Sí'), 300, RATE);
    expect(timings).toEqual([{ startSample: 40, wordEventMs: 40, phonemeMs: null, spoken: true }]);
  });

  it('gives a word eSpeak did not say the start of the next one, or the end', () => {
    const tokens = [
      { text: 'uno', start: 0, end: 3 },
      { text: '—', start: 4, end: 5 },
      { text: 'dos', start: 6, end: 9 },
      { text: '…', start: 10, end: 11 },
    ];
    const events = [word(1, 0), phoneme('u', 8), word(7, 400), phoneme('d', 420)];
    const timings = wordTimingsFromEvents(events, tokens, 900, RATE);
    expect(timings.map((t) => [t.startSample, t.spoken])).toEqual([
      [8, true],
      [420, false],
      [420, true],
      [900, false],
    ]);
  });

  it('never places a word past the end of the audio', () => {
    const timings = wordTimingsFromEvents(
      [word(1, 990), phoneme('a', 1200)],
      tokenizeWords('a'),
      1000,
      RATE,
    );
    expect(timings[0]?.startSample).toBe(1000);
  });
});
