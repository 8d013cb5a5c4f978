import { describe, expect, it } from 'vitest';
import { tokenizeWords } from '#shared/studio/words';
import { narrate } from './eval-demo.ts';
import { activeSpeechPower, addPinkNoise, addReverb } from './eval-effects.ts';
import { truthFor } from './eval-truth.ts';
import { seededRandom } from './prng.ts';

describe('narrate', () => {
  const text = '—¿Dónde está la casa de Ana?';
  const tokens = tokenizeWords(text);
  const spokenWords = (spoken: string) => tokenizeWords(spoken).map((t) => t.text);

  it('inserts a filler and keeps every written word, one place later', () => {
    const { spoken, spokenIndexOf } = narrate(text, tokens, {
      kind: 'filler',
      before: 0,
      filler: 'o sea',
    });
    expect(spoken).toBe('—¿o sea, Dónde está la casa de Ana?');
    expect(spokenIndexOf.map((i) => spokenWords(spoken)[i!])).toEqual(tokens.map((t) => t.text));
  });

  it('leaves a word out: it has no spoken counterpart, the rest keep theirs', () => {
    const { spoken, spokenIndexOf } = narrate(text, tokens, { kind: 'skip', word: 3 });
    expect(spoken).toBe('—¿Dónde está la de Ana?');
    expect(spokenIndexOf).toEqual([0, 1, 2, null, 3, 4]);
  });

  it('changes a word: not shared, the others are', () => {
    const { spoken, spokenIndexOf } = narrate(text, tokens, {
      kind: 'change',
      word: 3,
      into: 'mesa',
    });
    expect(spoken).toBe('—¿Dónde está la mesa de Ana?');
    expect(spokenIndexOf).toEqual([0, 1, 2, null, 4, 5]);
  });
});

describe('truthFor', () => {
  it('lays word starts onto the aligner’s sentences; a sentence starts with its first word', () => {
    const truth = truthFor(
      '—Sí. ¿Y usted?\n',
      [
        { text: 'Sí', start: 0.31 },
        { text: 'Y', start: 1.2 },
        { text: 'usted', start: null },
      ],
      2,
    );
    expect(truth).toEqual({
      durationSeconds: 2,
      segments: [
        { text: '—Sí.', start: 0.31, words: [{ text: 'Sí', start: 0.31 }] },
        {
          text: '¿Y usted?',
          start: 1.2,
          words: [
            { text: 'Y', start: 1.2 },
            { text: 'usted', start: null },
          ],
        },
      ],
    });
  });

  it('refuses a truth whose words are not the text’s', () => {
    expect(() => truthFor('Hola.', [{ text: 'Adiós', start: 0 }], 1)).toThrow(
      'truth word 1 is "Adiós"',
    );
    expect(() => truthFor('Hola.', [], 1)).toThrow();
  });
});

describe('effects', () => {
  const sampleRate = 8000;
  // Half a second of a tone, half a second of silence.
  const samples = Float32Array.from({ length: sampleRate }, (_, i) =>
    i < sampleRate / 2 ? 0.5 * Math.sin((2 * Math.PI * 300 * i) / sampleRate) : 0,
  );

  it('adds pink noise at the asked signal-to-noise ratio, the same for the same seed', () => {
    const noisy = addPinkNoise({ samples, sampleRate }, 12, 7);
    const noise = noisy.map((value, i) => value - samples[i]!);
    const noisePower = noise.reduce((sum, value) => sum + value * value, 0) / noise.length;
    const snr = 10 * Math.log10(activeSpeechPower({ samples, sampleRate }) / noisePower);
    expect(snr).toBeCloseTo(12, 5);
    expect(addPinkNoise({ samples, sampleRate }, 12, 7)).toEqual(noisy);
    expect(addPinkNoise({ samples, sampleRate }, 12, 8)).not.toEqual(noisy);
  });

  it('reverberates without moving the direct sound, at the asked direct-to-reverberant ratio', () => {
    const click = new Float32Array(sampleRate);
    click[100] = 0.5;
    const wet = addReverb(
      { samples: click, sampleRate },
      { rt60: 0.6, directToReverberantDb: 3 },
      1,
    );
    expect(wet.slice(0, 100).every((value) => value === 0)).toBe(true);
    const direct = wet[100]! ** 2;
    const rest = wet.slice(101).reduce((sum, value) => sum + value * value, 0);
    expect(10 * Math.log10(direct / rest)).toBeCloseTo(3, 1);
  });

  it('draws the same numbers from the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawn = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(drawn);
    expect(drawn.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
