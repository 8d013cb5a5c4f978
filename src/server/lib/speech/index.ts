/** Speech synthesis with word times (decision 021): the aligner's reference and the demo library. */
export {
  ESPEAK_SAMPLE_RATE,
  listVoiceLanguages,
  loadSynthesizer,
  openEngine,
  type Engine,
  type SpeechSettings,
} from './espeak.ts';
export {
  speechTokens,
  synthesizeSentence,
  synthesizeSpeech,
  type SentenceSpeech,
  type SentenceTiming,
  type SpeechOptions,
  type SpeechSentence,
  type SynthesizedSpeech,
} from './synthesize.ts';
export type { WordTiming } from './word-timing.ts';
