/**
 * A chapter's recording as an administrator would bring it (decision 049): room tone, an intro
 * tune, then the narration with pauses that vary as a reader's do (longer between paragraphs),
 * each sentence a little louder or softer than the last. Every choice comes from a seeded
 * generator, so two runs give the same samples.
 */
import { tokenizeWords } from '#shared/studio/words';
import {
  ESPEAK_SAMPLE_RATE as SAMPLE_RATE,
  synthesizeSentence,
  type SpeechSettings,
} from '#server/lib/speech/index';
import { seededRandom, seedOf } from '../../alignment/prng.ts';
import { concatSamples, silence } from '../wav.ts';
import { synthesizeTune, type Tune } from './intro-tune.ts';

/** Silence before the tune, and after the last sentence. */
const LEAD_SECONDS = 0.3;
const TAIL_SECONDS = 1.4;
/** Ranges (seconds) the pauses are drawn from. */
const AFTER_INTRO = [0.8, 1.2] as const;
const BETWEEN_SENTENCES = [0.3, 0.75] as const;
const BETWEEN_PARAGRAPHS = [0.85, 1.35] as const;
/** Now and then a reader stops for breath inside a paragraph too. */
const BREATH_CHANCE = 0.12;
const BREATH_SECONDS = 0.35;
/** Each sentence's loudness, as a factor of eSpeak's. */
const SENTENCE_GAIN = [0.82, 1] as const;
/** The tune's loudest sample, as a fraction of full scale (eSpeak's speech peaks near 0.7). */
const TUNE_PEAK = 0.3;
/** Room tone: uniform noise of this amplitude in 16-bit units (about −66 dBFS RMS). */
const ROOM_TONE = 24;

export interface NarrationInput {
  /** Names the chapter's stream of choices (`<slug>/<chapter>`). */
  seedName: string;
  /** What the narrator says, one sentence each (the text, or what a departure changed). */
  sentences: readonly string[];
  /** 0-based indices of the sentences that open a paragraph. */
  paragraphStarts: ReadonlySet<number>;
  speech: SpeechSettings;
  tune: Tune;
}

export interface NarratedSentence {
  /** Seconds from the start of the recording: where the first word starts, and where eSpeak's audio for the sentence ends. */
  start: number;
  end: number;
  /** Where each word said starts (eSpeak's word events): the text's words, unless a departure changed them. */
  wordStarts: number[];
}

export interface Narration {
  samples: Int16Array;
  sampleRate: number;
  intro: { start: number; end: number };
  sentences: NarratedSentence[];
}

const seconds = (samples: number) => Math.round((samples / SAMPLE_RATE) * 1000) / 1000;

export async function narrateChapter(input: NarrationInput): Promise<Narration> {
  const random = seededRandom(seedOf(input.seedName));
  const between = ([low, high]: readonly [number, number]) => low + random() * (high - low);
  const pause = (range: readonly [number, number]) =>
    silence(Math.round(between(range) * SAMPLE_RATE));

  const parts: Int16Array[] = [silence(Math.round(LEAD_SECONDS * SAMPLE_RATE))];
  const tune = synthesizeTune(input.tune, SAMPLE_RATE, TUNE_PEAK);
  const introStart = parts[0]!.length;
  parts.push(tune, pause(AFTER_INTRO));
  let cursor = parts.reduce((sum, part) => sum + part.length, 0);

  const sentences: NarratedSentence[] = [];
  for (const [index, text] of input.sentences.entries()) {
    if (index > 0) {
      const gap = input.paragraphStarts.has(index)
        ? pause(BETWEEN_PARAGRAPHS)
        : random() < BREATH_CHANCE
          ? silence(Math.round((between(BETWEEN_SENTENCES) + BREATH_SECONDS) * SAMPLE_RATE))
          : pause(BETWEEN_SENTENCES);
      parts.push(gap);
      cursor += gap.length;
    }
    const speech = await synthesizeSentence(text, tokenizeWords(text), input.speech);
    const gain = between(SENTENCE_GAIN);
    parts.push(Int16Array.from(speech.samples, (sample) => Math.round(sample * gain)));
    // The sentence starts where its first word does (eSpeak opens with a little silence).
    const firstWord = speech.words.find((word) => word.spoken);
    sentences.push({
      start: seconds(cursor + (firstWord?.startSample ?? 0)),
      end: seconds(cursor + speech.samples.length),
      wordStarts: speech.words.map((word) => seconds(cursor + word.startSample)),
    });
    cursor += speech.samples.length;
  }
  parts.push(silence(Math.round(TAIL_SECONDS * SAMPLE_RATE)));

  const samples = concatSamples(parts);
  for (let i = 0; i < samples.length; i++) {
    const noise = Math.round((random() * 2 - 1) * ROOM_TONE);
    samples[i] = Math.max(-32768, Math.min(32767, samples[i]! + noise));
  }
  return {
    samples,
    sampleRate: SAMPLE_RATE,
    intro: { start: seconds(introStart), end: seconds(introStart + tune.length) },
    sentences,
  };
}
