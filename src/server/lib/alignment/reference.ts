/**
 * The reference: the transcript spoken by eSpeak one sentence at a time, as cepstra of the whole
 * chapter with a fixed pause between sentences, and where each word starts in it. eSpeak's own
 * word events give the reference's word starts exactly; alignment carries them onto the recording.
 */
import type { Transcript } from '#shared/transcript';
import { computeCepstra, CEPSTRAL_COEFFICIENTS, FRAME_SECONDS, type Cepstra } from './features.ts';
import { exactOnset } from './onsets.ts';
import { envelope, nearestRise, rises } from './rises.ts';
import { signalLevels, type LevelDepths } from './vad.ts';

export interface SpokenSentence {
  samples: Int16Array | Float32Array;
  sampleRate: number;
  /** Seconds from the first sample to where each word starts. */
  wordStartSeconds: number[];
}

/** Speaks one sentence of the transcript: its text, and its words as the transcript lists them. */
export type SpeakSentence = (text: string, words: readonly string[]) => Promise<SpokenSentence>;

export interface ReferenceSentence {
  /** Index of the transcript segment. */
  segment: number;
  /** Frames of the sentence's speech in the chapter reference: [firstFrame, endFrame). */
  firstFrame: number;
  endFrame: number;
  /** Where each word starts, in (fractional) frames of the chapter reference. */
  wordStarts: number[];
  /**
   * For a word spoken after a pause (the first word, and words after a comma's pause): seconds
   * from the word's start to the moment its sound rises (a stop's closure is silent), else null.
   */
  onsetDelays: (number | null)[];
  /**
   * For a word inside continuous speech that starts where eSpeak's sound rises out of a dip:
   * seconds from the word's start to that rise (negative when the rise comes first), else null.
   */
  riseOffsets: (number | null)[];
  /**
   * Where eSpeak's sound rises out of a dip inside the sentence (a stop's closure, a comma's
   * pause, a weak consonant), in frames of the chapter reference: a silence in the recording
   * there is explained by the text; one where eSpeak runs on is a boundary the narrator made.
   */
  dipRises: number[];
}

export interface Reference {
  cepstra: Cepstra;
  sentences: ReferenceSentence[];
}

/** Silence put between two sentences of the reference: 0.5 s, as a narrator pauses. */
const PAUSE_FRAMES = 50;
/** Silence before a word, in frames, that makes it a word after a pause. */
export const PAUSE_FRAMES_BEFORE_WORD = 10;
/** Longest silent stretch at the start of a word (a stop's closure) that is part of the word. */
const MAX_ONSET_DELAY_SECONDS = 0.25;

/**
 * The frames of a sentence from its first sound to its last. A stop opening the sentence starts
 * in silence (its closure) that no recording can tell from the pause before it, so the reference
 * starts where sound does, and the first word is placed by its onset delay.
 */
function speechExtent(energyDb: Float32Array, thresholdDb: number): [number, number] {
  let first = 0;
  while (first < energyDb.length && (energyDb[first] as number) <= thresholdDb) first++;
  let end = energyDb.length;
  while (end > first && (energyDb[end - 1] as number) <= thresholdDb) end--;
  if (end <= first) return [0, energyDb.length];
  return [first, end];
}

/**
 * The onset delay of each word that follows a pause in eSpeak's sentence, measured with the same
 * detector (threshold relative to the speech level) as the recording's pauses.
 */
function onsetDelays(
  spoken: SpokenSentence,
  cepstra: Cepstra,
  thresholdDb: number,
  onsetDb: number,
): (number | null)[] {
  const isSound = (k: number): boolean => (cepstra.energyDb[k] ?? -100) > thresholdDb;
  return spoken.wordStartSeconds.map((start, w) => {
    const startFrame = Math.max(0, Math.floor(start / FRAME_SECONDS) - 1);
    let onsetFrame = startFrame;
    while (onsetFrame < cepstra.frames && !isSound(onsetFrame)) onsetFrame++;
    if (onsetFrame >= cepstra.frames) return null;
    if (w > 0) {
      for (let k = onsetFrame - PAUSE_FRAMES_BEFORE_WORD; k < onsetFrame; k++) {
        if (k >= 0 && isSound(k)) return null;
      }
    }
    const onset = exactOnset(spoken.samples, spoken.sampleRate, onsetFrame, thresholdDb, onsetDb);
    return Math.min(MAX_ONSET_DELAY_SECONDS, Math.max(0, onset - start));
  });
}

/** How close to a word's start eSpeak's rise must be to mark the word. */
const RISE_AT_WORD_SECONDS = 0.04;

function riseOffsets(
  spoken: SpokenSentence,
  delays: readonly (number | null)[],
): (number | null)[] {
  return spoken.wordStartSeconds.map((start, w) => {
    if (w === 0 || delays[w] !== null) return null;
    const env = envelope(spoken.samples, spoken.sampleRate, start - 0.12, start + 0.12);
    const rise = nearestRise(rises(env), start, RISE_AT_WORD_SECONDS);
    return rise ? rise.seconds - start : null;
  });
}

function concatCepstra(parts: Cepstra[]): Cepstra {
  const frames = parts.reduce((n, p) => n + p.frames, 0);
  const coefficients = new Float32Array(frames * CEPSTRAL_COEFFICIENTS);
  const energyDb = new Float32Array(frames);
  let at = 0;
  for (const part of parts) {
    coefficients.set(part.coefficients, at * CEPSTRAL_COEFFICIENTS);
    energyDb.set(part.energyDb, at);
    at += part.frames;
  }
  return { frames, coefficients, energyDb };
}

function silentFrames(frames: number): Cepstra {
  // A silent frame's log spectrum is flat, so every cepstral coefficient above c0 is zero.
  return {
    frames,
    coefficients: new Float32Array(frames * CEPSTRAL_COEFFICIENTS),
    energyDb: new Float32Array(frames).fill(-100),
  };
}

export interface BuildReferenceOptions {
  speak: SpeakSentence;
  ceiling: number;
  /** The recording's level depths, so that eSpeak's pauses and onsets are read alike. */
  depths: LevelDepths;
  onSentence?: (done: number, total: number) => Promise<void>;
  signal?: AbortSignal;
}

/** Speaks every segment that has words and lays them out as one reference. */
export async function buildReference(
  transcript: Transcript,
  options: BuildReferenceOptions,
): Promise<Reference> {
  const parts: Cepstra[] = [];
  const sentences: ReferenceSentence[] = [];
  let at = 0;
  const total = transcript.segments.length;
  for (const [index, segment] of transcript.segments.entries()) {
    options.signal?.throwIfAborted();
    if (segment.words.length > 0) {
      const spoken = await options.speak(
        segment.text,
        segment.words.map((w) => w.text),
      );
      const cepstra = computeCepstra(spoken.samples, spoken.sampleRate, options.ceiling);
      const starts = spoken.wordStartSeconds.map((s) => s / FRAME_SECONDS);
      const { thresholdDb, onsetDb } = signalLevels(cepstra.energyDb, options.depths);
      const [first, end] = speechExtent(cepstra.energyDb, thresholdDb);
      if (sentences.length > 0) {
        parts.push(silentFrames(PAUSE_FRAMES));
        at += PAUSE_FRAMES;
      }
      parts.push({
        frames: end - first,
        coefficients: cepstra.coefficients.slice(
          first * CEPSTRAL_COEFFICIENTS,
          end * CEPSTRAL_COEFFICIENTS,
        ),
        energyDb: cepstra.energyDb.slice(first, end),
      });
      const delays = onsetDelays(spoken, cepstra, thresholdDb, onsetDb);
      sentences.push({
        segment: index,
        firstFrame: at,
        endFrame: at + end - first,
        wordStarts: starts.map((s) => at + Math.min(end - first, s - first)),
        onsetDelays: delays,
        riseOffsets: riseOffsets(spoken, delays),
        dipRises: rises(
          envelope(spoken.samples, spoken.sampleRate, 0, spoken.samples.length / spoken.sampleRate),
        ).map((rise) => at + rise.seconds / FRAME_SECONDS - first),
      });
      at += end - first;
    }
    await options.onSentence?.(index + 1, total);
  }
  return { cepstra: concatCepstra(parts), sentences };
}
