/**
 * The demo library's speech: the server's eSpeak NG synthesis (src/server/lib/speech), held to
 * the build's stricter rule that eSpeak speaks every word of a source sentence.
 */
import type { WordToken } from '#shared/studio/words';
import {
  ESPEAK_SAMPLE_RATE,
  synthesizeSentence as synthesize,
  type SentenceSpeech,
  type SpeechSettings,
} from '#server/lib/speech/index';

export { loadSynthesizer } from '#server/lib/speech/index';
export const SAMPLE_RATE = ESPEAK_SAMPLE_RATE;
export type SynthesisSettings = SpeechSettings;

export async function synthesizeSentence(
  text: string,
  tokens: readonly WordToken[],
  settings: SpeechSettings,
): Promise<SentenceSpeech> {
  const speech = await synthesize(text, tokens, settings);
  const silent = speech.words.findIndex((word) => !word.spoken);
  if (silent >= 0) {
    throw new Error(
      `eSpeak reported no word event for "${tokens[silent]?.text}" in ${JSON.stringify(text)}`,
    );
  }
  return speech;
}
