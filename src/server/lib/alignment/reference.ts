/**
 * The reference: the transcript spoken by eSpeak one sentence at a time, as cepstra of the whole
 * chapter with a fixed pause between sentences, and where each word starts in it. eSpeak's own
 * word events give the reference's word starts exactly; alignment carries them onto the recording.
 */
import type { Transcript } from '#shared/transcript';
import { computeCepstra, CEPSTRAL_COEFFICIENTS, FRAME_SECONDS, type Cepstra } from './features.ts';
import { exactOnset } from './onsets.ts';
import { signalLevels } from './vad.ts';

/** A word's place in its sentence's text, in UTF-16 offsets. */
export interface WordSpan {
  text: string;
  start: number;
  end: number;
}

export interface SpokenSentence {
  samples: Int16Array | Float32Array;
  sampleRate: number;
  /** Seconds from the first sample to where each word starts. */
  wordStartSeconds: number[];
}

/** Speaks one sentence; `words` locate the transcript's words in `text`. */
export type SpeakSentence = (text: string, words: readonly WordSpan[]) => Promise<SpokenSentence>;

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
}

export interface Reference {
  cepstra: Cepstra;
  sentences: ReferenceSentence[];
}

/** Silence put between two sentences of the reference, as a narrator would pause. */
const PAUSE_FRAMES = 30;
/** eSpeak's own silence is digital; anything above this is its speech. */
const REFERENCE_SPEECH_DB = -60;
/** Silence before a word, in frames, that makes it a word after a pause. */
export const PAUSE_FRAMES_BEFORE_WORD = 10;
/** Longest silent stretch at the start of a word (a stop's closure) that is part of the word. */
const MAX_ONSET_DELAY_SECONDS = 0.15;

/**
 * Finds the transcript's words in the sentence text, in order, ignoring case. When a word is not
 * found (a hand-made transcript whose words differ from its text) the sentence is spoken as its
 * words joined by spaces instead.
 */
export function locateWords(
  text: string,
  words: readonly string[],
): { text: string; spans: WordSpan[] } {
  const lower = text.toLocaleLowerCase('es');
  const spans: WordSpan[] = [];
  let cursor = 0;
  for (const word of words) {
    const at = lower.indexOf(word.toLocaleLowerCase('es'), cursor);
    if (at < 0 || word.length === 0) {
      const joined = words.join(' ');
      let offset = 0;
      return {
        text: joined,
        spans: words.map((w) => {
          const span = { text: w, start: offset, end: offset + w.length };
          offset += w.length + 1;
          return span;
        }),
      };
    }
    spans.push({ text: word, start: at, end: at + word.length });
    cursor = at + word.length;
  }
  return { text, spans };
}

function speechExtent(energyDb: Float32Array, firstWordFrame: number): [number, number] {
  let first = 0;
  while (first < energyDb.length && (energyDb[first] as number) <= REFERENCE_SPEECH_DB) first++;
  let end = energyDb.length;
  while (end > first && (energyDb[end - 1] as number) <= REFERENCE_SPEECH_DB) end--;
  if (end <= first) return [0, energyDb.length];
  return [Math.min(first, Math.floor(firstWordFrame)), end];
}

/**
 * The onset delay of each word that follows a pause in eSpeak's sentence, measured with the same
 * detector (threshold relative to the speech level) as the recording's pauses.
 */
function onsetDelays(spoken: SpokenSentence, cepstra: Cepstra): (number | null)[] {
  const { thresholdDb } = signalLevels(cepstra.energyDb);
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
    const onset = exactOnset(spoken.samples, spoken.sampleRate, onsetFrame, thresholdDb);
    return Math.min(MAX_ONSET_DELAY_SECONDS, Math.max(0, onset - start));
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
  onSentence?: (done: number, total: number) => void;
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
      const located = locateWords(
        segment.text,
        segment.words.map((w) => w.text),
      );
      const spoken = await options.speak(located.text, located.spans);
      const cepstra = computeCepstra(spoken.samples, spoken.sampleRate, options.ceiling);
      const starts = spoken.wordStartSeconds.map((s) => s / FRAME_SECONDS);
      const [first, end] = speechExtent(cepstra.energyDb, starts[0] ?? 0);
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
      sentences.push({
        segment: index,
        firstFrame: at,
        endFrame: at + end - first,
        wordStarts: starts.map((s) => at + Math.min(end - first, Math.max(0, s - first))),
        onsetDelays: onsetDelays(spoken, cepstra),
      });
      at += end - first;
    }
    options.onSentence?.(index + 1, total);
  }
  return { cepstra: concatCepstra(parts), sentences };
}
