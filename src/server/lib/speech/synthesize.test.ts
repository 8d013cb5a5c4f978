import { describe, expect, it } from 'vitest';
import { tokenizeWords } from '#shared/studio/words';
import { ESPEAK_SAMPLE_RATE, listVoiceLanguages } from './espeak.ts';
import { speechText, speechTokens, synthesizeSentence, synthesizeSpeech } from './synthesize.ts';

const spain = { voice: 'es', speed: 130, pitch: 50 };
const sentence = 'Había una vez una niña que vivía cerca del mar.';

/** Root mean square of 16-bit samples in a range, 0–1. */
function loudness(samples: Int16Array | Float32Array, from: number, to: number, scale: number) {
  let sum = 0;
  for (let i = from; i < to; i++) sum += ((samples[i] ?? 0) / scale) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('synthesizeSentence', () => {
  it('speaks every word and tells where each starts, in order, where there is sound', async () => {
    const tokens = tokenizeWords(sentence);
    const speech = await synthesizeSentence(sentence, tokens, spain);
    expect(speech.samples.length / ESPEAK_SAMPLE_RATE).toBeGreaterThan(2);
    expect(speech.words).toHaveLength(tokens.length);
    const starts = speech.words.map((w) => w.startSample);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(speech.words.every((w) => w.spoken)).toBe(true);
    const tenMs = ESPEAK_SAMPLE_RATE / 100;
    for (const start of starts) {
      // Sound within the first 50 ms of each word.
      expect(loudness(speech.samples, start, start + 5 * tenMs, 32768)).toBeGreaterThan(0.003);
    }
  });

  it('changes with voice, variant and speed', async () => {
    const tokens = tokenizeWords(sentence);
    const base = await synthesizeSentence(sentence, tokens, spain);
    const latin = await synthesizeSentence(sentence, tokens, { ...spain, voice: 'es-419' });
    const female = await synthesizeSentence(sentence, tokens, { ...spain, voice: 'es+f3' });
    const fast = await synthesizeSentence(sentence, tokens, { ...spain, speed: 200 });
    expect(latin.samples).not.toEqual(base.samples);
    expect(female.samples).not.toEqual(base.samples);
    expect(fast.samples.length).toBeLessThan(base.samples.length * 0.8);
    expect(fast.words).toHaveLength(tokens.length);
  });

  it.each(['klingon', 'nope', 'es+nope', 'es+f3+m3', ''])(
    'refuses the voice "%s"',
    async (voice) => {
      await expect(
        synthesizeSentence(sentence, tokenizeWords(sentence), { ...spain, voice }),
      ).rejects.toThrow(`eSpeak NG has no voice "${voice}"`);
    },
  );

  it('lists the Spanish voices', async () => {
    expect(await listVoiceLanguages()).toEqual(expect.arrayContaining(['es', 'es-419']));
  });
});

describe('speechText', () => {
  it('keeps the text’s length, so eSpeak’s positions fall on the tokens', () => {
    for (const text of [
      '—Sí, 1.º.',
      'El 1er día, los 3.os puestos, la 2.ª vez.',
      '15.000 y 9:30',
    ]) {
      expect(speechText(text)).toHaveLength(text.length);
    }
  });

  it('gives an abbreviated ordinal the form eSpeak reads as an ordinal', () => {
    expect(speechText('el 1.º de mayo, la 2.ª vez, el 1.er día, los 3.os, el 1er, el 2º')).toBe(
      'el 1º  de mayo, la 2ª  vez, el 1º   día, los 3º  , el 1º , el 2º',
    );
    // Letters after a number that are no ordinal stay as written; so do numbers and times.
    expect(speechText('la 2.ª vez, el 3.er., 1.ºA, 15.000 a las 9:30')).toBe(
      'la 2ª  vez, el 3º  ., 1.ºA, 15.000 a las 9:30',
    );
  });

  it('silences a dialogue dash that opens the sentence', () => {
    expect(speechText('—Sí, señor.')).toBe(' Sí, señor.');
  });
});

describe('speechTokens', () => {
  it('finds a transcript’s words in its text as whole words', () => {
    const { text, tokens } = speechTokens({
      text: 'Habla la niña, ¿no?',
      words: ['Habla', 'la', 'niña', 'no'],
    });
    expect(text).toBe('Habla la niña, ¿no?');
    expect(tokens.map((t) => [t.start, t.end])).toEqual([
      [0, 5],
      [6, 8],
      [9, 13],
      [16, 18],
    ]);
  });

  it('keeps punctuation a hand-made transcript left on its words', () => {
    const { tokens } = speechTokens({ text: '¿Qué pasa, Ana?', words: ['¿Qué', 'pasa,', 'Ana?'] });
    expect(tokens.map((t) => t.start)).toEqual([0, 5, 11]);
  });

  it('reads the words themselves when they are not the text’s', () => {
    expect(speechTokens({ text: 'Algo distinto.', words: ['uno', 'dos'] })).toEqual({
      text: 'uno dos',
      tokens: [
        { text: 'uno', start: 0, end: 3 },
        { text: 'dos', start: 4, end: 7 },
      ],
    });
  });

  it('uses the word rule when no words are given', () => {
    expect(speechTokens({ text: '—Sí, señor.' }).tokens.map((t) => t.text)).toEqual([
      'Sí',
      'señor',
    ]);
  });
});

describe('synthesizeSpeech', () => {
  it('joins sentences with pauses and times every sentence and word on one timeline', async () => {
    const sentences = [
      { text: 'Hola.' },
      { text: '¿Cómo estás, Ana?' },
      { text: 'Muy bien.', words: ['Muy', 'bien'] },
    ];
    const progress: number[] = [];
    const speech = await synthesizeSpeech(sentences, {
      ...spain,
      pauseSeconds: 0.5,
      onProgress: (f) => progress.push(f),
    });
    expect(speech.sampleRate).toBe(ESPEAK_SAMPLE_RATE);
    expect(speech.sentences.map((s) => s.wordStarts.length)).toEqual([1, 3, 2]);
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
    const [first, second, third] = speech.sentences;
    expect(first?.start).toBe(0);
    expect(second!.start - first!.end).toBeCloseTo(0.5, 6);
    expect(third!.start - second!.end).toBeCloseTo(0.5, 6);
    expect(speech.samples.length).toBe(Math.round(third!.end * ESPEAK_SAMPLE_RATE));
    for (const s of speech.sentences) {
      for (const start of s.wordStarts) {
        expect(start).toBeGreaterThanOrEqual(s.start);
        expect(start).toBeLessThan(s.end);
      }
    }
    // The pause is silent, the sentences are not.
    const at = (t: number) => Math.round(t * ESPEAK_SAMPLE_RATE);
    expect(loudness(speech.samples, at(first!.end), at(second!.start), 1)).toBe(0);
    expect(loudness(speech.samples, at(second!.start), at(second!.end), 1)).toBeGreaterThan(0.01);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(
      synthesizeSpeech([{ text: 'Hola.' }], { ...spain, signal: controller.signal }),
    ).rejects.toThrow('cancelled');
  });
});
