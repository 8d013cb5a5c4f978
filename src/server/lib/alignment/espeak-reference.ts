/**
 * The reference voice: eSpeak NG's Spanish at a narrator's pace. Which voice matters little (the
 * features are normalised per signal); a pace near a narrator's keeps the warping path straight.
 */
import {
  ESPEAK_SAMPLE_RATE,
  speechTokens,
  synthesizeSentence,
  type SpeechSettings,
} from '../speech/index.ts';
import type { SpeakSentence } from './reference.ts';

export const REFERENCE_VOICE: SpeechSettings = { voice: 'es', speed: 150, pitch: 50 };

export const speakWithEspeak: SpeakSentence = async (text, words) => {
  const located = speechTokens({ text, words });
  const speech = await synthesizeSentence(located.text, located.tokens, REFERENCE_VOICE);
  return {
    samples: speech.samples,
    sampleRate: ESPEAK_SAMPLE_RATE,
    wordStartSeconds: speech.words.map((word) => word.startSample / ESPEAK_SAMPLE_RATE),
  };
};
