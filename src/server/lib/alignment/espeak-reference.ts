/**
 * The reference voice: eSpeak NG's Spanish at a narrator's pace. Which voice matters little (the
 * features are normalised per signal); a pace near a narrator's keeps the warping path straight.
 */
import {
  ESPEAK_SAMPLE_RATE,
  openEngine,
  speechTokens,
  synthesizeSentence,
  type Engine,
  type SpeechSettings,
} from '../speech/index.ts';
import type { SpeakSentence } from './reference.ts';

export const REFERENCE_VOICE: SpeechSettings = { voice: 'es', speed: 150, pitch: 50 };

/**
 * A speaker for one alignment, with an eSpeak of its own (opened at its first sentence): eSpeak
 * keeps state between calls, and a shared one made a chapter aligned after another differ from
 * the same chapter aligned alone (issue 22).
 */
export function speakWithFreshEspeak(): SpeakSentence {
  let engine: Promise<Engine> | undefined;
  return async (text, words) => {
    engine ??= openEngine();
    const located = speechTokens({ text, words });
    const speech = await synthesizeSentence(
      located.text,
      located.tokens,
      REFERENCE_VOICE,
      await engine,
    );
    return {
      samples: speech.samples,
      sampleRate: ESPEAK_SAMPLE_RATE,
      wordStartSeconds: speech.words.map((word) => word.startSample / ESPEAK_SAMPLE_RATE),
    };
  };
}
