import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { timedTranscript, type SentenceTiming } from './timing.ts';

const untimed: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 0,
      text: 'Hola, Ana.',
      translation: 'Hello, Ana.',
      words: [
        { id: 's1w1', text: 'Hola', start: 0, end: 0, gloss: 'hello' },
        { id: 's1w2', text: 'Ana', start: 0, end: 0, gloss: 'Ana' },
      ],
    },
    { id: 's2', start: 0, end: 0, text: '—', words: [] },
    {
      id: 's3',
      start: 0,
      end: 0,
      text: 'Adiós.',
      words: [{ id: 's3w1', text: 'Adiós', start: 0, end: 0 }],
    },
  ],
};
const timing = (wordStarts: number[], end: number): SentenceTiming => ({
  wordStarts,
  end,
  wordConfidence: wordStarts.map(() => 0.9),
  wordDoubts: wordStarts.map(() => undefined),
  expectedSeconds: wordStarts.map(() => 0.3),
  confidence: 0.8,
});

describe('timedTranscript', () => {
  it('times every word and sentence in milliseconds and keeps texts, translations and glosses', () => {
    const timed = timedTranscript(
      untimed,
      [timing([0.30049, 0.8123], 1.5), null, timing([2.0], 2.6)],
      10,
    );
    const [first, empty, last] = timed.segments;
    expect(first).toMatchObject({
      start: 0.3,
      end: 1.5,
      translation: 'Hello, Ana.',
      confidence: 0.8,
    });
    expect(first?.words).toEqual([
      { id: 's1w1', text: 'Hola', start: 0.3, end: 0.812, gloss: 'hello', confidence: 0.9 },
      { id: 's1w2', text: 'Ana', start: 0.812, end: 1.5, gloss: 'Ana', confidence: 0.9 },
    ]);
    expect(empty).toMatchObject({ start: 1.5, end: 1.5, words: [] });
    expect(last).toMatchObject({ start: 2, end: 2.6 });
  });

  it('keeps words in order and a sentence from starting before the previous one’s last word', () => {
    const timed = timedTranscript(untimed, [timing([1.0, 0.9], 2.2), null, timing([1.5], 3)], 10);
    const [first, , last] = timed.segments;
    expect(first?.words.map((w) => w.start)).toEqual([1, 1.01]);
    // The first sentence ran past the next one's start: it ends where the next begins.
    expect(last?.start).toBe(1.5);
    expect(first?.end).toBe(1.5);
    expect(first?.words.at(-1)?.end).toBe(1.5);
  });

  it('never trusts a word squeezed to a few milliseconds, whatever its match', () => {
    // eSpeak and the path both said "Hola" well; the placement left it 10 ms.
    const timed = timedTranscript(untimed, [timing([1.0, 0.9], 2.2), null, timing([3], 3.4)], 10);
    const [hola, ana] = timed.segments[0]?.words ?? [];
    expect(hola).toMatchObject({ start: 1, end: 1.01, confidence: 0.2, timingDoubt: 'squeezed' });
    expect(ana?.confidence).toBe(0.9);
    expect(ana?.timingDoubt).toBeUndefined();
    // A short word said quickly is not squeezed: 60 ms for a word that takes 100 ms here.
    const quick = timedTranscript(
      untimed,
      [{ ...timing([1.0, 1.06], 1.5), expectedSeconds: [0.1, 0.3] }, null, timing([3], 3.4)],
      10,
    );
    expect(quick.segments[0]?.words[0]).toMatchObject({ confidence: 0.9 });
    expect(quick.segments[0]?.words[0]?.timingDoubt).toBeUndefined();
  });

  it('says why a doubtful word is doubtful, and only then', () => {
    const doubtful: SentenceTiming = {
      ...timing([0.3, 0.8], 1.5),
      wordConfidence: [0.3, 0.9],
      wordDoubts: ['departure', undefined],
    };
    const timed = timedTranscript(untimed, [doubtful, null, timing([2], 2.6)], 10);
    expect(timed.segments[0]?.words.map((w) => [w.confidence, w.timingDoubt])).toEqual([
      [0.3, 'departure'],
      [0.9, undefined],
    ]);
  });

  it('keeps every time inside the audio', () => {
    const timed = timedTranscript(untimed, [timing([0.1, 0.5], 1), null, timing([4.99], 5.4)], 5);
    const last = timed.segments[2];
    expect(last?.start).toBe(4.99);
    expect(last?.end).toBe(5);
    expect(last?.words[0]?.end).toBe(5);
  });
});
