import { access } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptFromFile } from '#shared/studio/untimed-transcript';
import { splitSentences } from '#shared/studio/sentences';
import { tokenizeWords } from '#shared/studio/words';
import { narrate } from './eval-demo.ts';
import {
  activeSpeechPower,
  addNoiseAt,
  addPinkNoise,
  addReverb,
  babble,
  brownNoise,
  mixMusic,
} from './eval-effects.ts';
import {
  evalParts,
  loadEvalItem,
  loadEvalManifest,
  evalPartDir,
  type EvalManifest,
  type EvalPart,
} from './eval-set.ts';
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

describe('more effects', () => {
  const sampleRate = 8000;
  const tone = Float32Array.from({ length: sampleRate }, (_, i) =>
    i < sampleRate / 2 ? 0.5 * Math.sin((2 * Math.PI * 300 * i) / sampleRate) : 0,
  );
  const pcm = { samples: tone, sampleRate };
  const power = (values: ArrayLike<number>) =>
    Array.from(values).reduce((sum, v) => sum + v * v, 0) / values.length;

  it('adds any noise at the asked SNR; brown noise has most of its power in the low frequencies', () => {
    const brown = brownNoise(tone.length, 3);
    const noisy = addNoiseAt(pcm, brown, 5);
    const added = noisy.map((value, i) => value - tone[i]!);
    expect(10 * Math.log10(activeSpeechPower(pcm) / power(added))).toBeCloseTo(5, 5);
    // Neighbouring samples of brown noise move together; white noise's do not.
    const difference = brown.slice(1).map((value, i) => value - brown[i]!);
    expect(power(difference)).toBeLessThan(power(brown) / 20);
    expect(brownNoise(tone.length, 3)).toEqual(brown);
  });

  it('lays music at a level relative to the voice, from where it is asked', () => {
    const music = Float32Array.from({ length: 2000 }, (_, i) => Math.sin(i / 3));
    const mixed = mixMusic(pcm, music, 1000, 6);
    expect(mixed.slice(0, 1000)).toEqual(tone.slice(0, 1000));
    const added = mixed.slice(1000, 3000).map((value, i) => value - tone[1000 + i]!);
    expect(10 * Math.log10(power(added) / activeSpeechPower(pcm))).toBeCloseTo(6, 1);
  });

  it('sums talkers into babble of the asked length, the same for the same seed', () => {
    const talkers = [tone, tone.map((v) => v * 0.1)];
    const noise = babble(talkers, 3000, 9);
    expect(noise).toHaveLength(3000);
    expect(babble(talkers, 3000, 9)).toEqual(noise);
    expect(power(noise)).toBeGreaterThan(0);
  });
});

/** Every line of the texts of a manifest, as sentences. */
async function sentencesOf(part: EvalPart, manifest: EvalManifest, ids: (id: string) => boolean) {
  const sentences = new Set<string>();
  for (const condition of manifest.conditions.filter((c) => ids(c.id))) {
    for (const item of condition.items) {
      const { text } = await loadEvalItem(part, item);
      for (const sentence of splitSentences(text)) sentences.add(sentence);
    }
  }
  return sentences;
}

describe('the evaluation set in content/eval', () => {
  const manifests = async () =>
    Object.fromEntries(
      await Promise.all(
        evalParts.map(async (part) => [part, await loadEvalManifest(part)] as const),
      ),
    ) as Record<EvalPart, EvalManifest>;

  it('has the same conditions, of the same kind, in both parts, each with recordings in both', async () => {
    const { dev, 'held-out': heldOut } = await manifests();
    expect(heldOut.conditions.map((c) => [c.id, c.kind])).toEqual(
      dev.conditions.map((c) => [c.id, c.kind]),
    );
    for (const condition of [...dev.conditions, ...heldOut.conditions]) {
      expect(condition.items.length, condition.id).toBeGreaterThan(0);
    }
  });

  it('has every file, and truths that lay over their texts one word for one', async () => {
    for (const [part, manifest] of Object.entries(await manifests()) as [
      EvalPart,
      EvalManifest,
    ][]) {
      for (const item of manifest.conditions.flatMap((c) => c.items)) {
        await access(path.join(evalPartDir(part), item.audio));
        const { text, truth } = await loadEvalItem(part, item);
        const transcript = transcriptFromFile(text);
        expect(
          truth.segments.map((s) => s.words.map((w) => w.text)),
          item.id,
        ).toEqual(transcript.segments.map((s) => s.words.map((w) => w.text)));
        expect(
          truth.segments.some((s) => s.start !== null),
          item.id,
        ).toBe(true);
        expect(truth.durationSeconds).toBeCloseTo(item.durationSeconds, 2);
      }
    }
  });

  it('never repeats a dev recording in held-out: other sources or parameters in each condition', async () => {
    const { dev, 'held-out': heldOut } = await manifests();
    for (const condition of heldOut.conditions) {
      const devItems = dev.conditions.find((c) => c.id === condition.id)!.items;
      for (const item of condition.items) {
        const twin = devItems.find((d) => d.source === item.source && d.params === item.params);
        expect(twin, `${item.id} repeats ${twin?.id}`).toBeUndefined();
      }
    }
  });

  it('narrates in held-out no sentence of dev (synthetic speech) and no dev speaker (human)', async () => {
    const { dev, 'held-out': heldOut } = await manifests();
    const synthetic = (part: EvalManifest) => (id: string) =>
      part.conditions.find((c) => c.id === id)?.kind === 'synthetic';
    const devSentences = await sentencesOf('dev', dev, synthetic(dev));
    const heldOutSentences = await sentencesOf('held-out', heldOut, synthetic(heldOut));
    // A short everyday sentence can recur in any two stories («Todos aplauden.» does): four words
    // or more make a sentence the story's own.
    const shared = [...heldOutSentences].filter(
      (sentence) => devSentences.has(sentence) && tokenizeWords(sentence).length >= 4,
    );
    expect(shared).toEqual([]);
    const speakers = (part: EvalManifest) =>
      new Set(
        part.conditions
          .filter((c) => c.kind === 'human')
          .flatMap((c) => c.items.map((i) => i.source)),
      );
    const devSpeakers = speakers(dev);
    expect([...speakers(heldOut)].filter((source) => devSpeakers.has(source))).toEqual([]);
  });
});
