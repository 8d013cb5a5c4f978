/** Builds a chapter transcript (the product's one format, `src/shared/transcript.ts`). */
import { transcriptSchema, type Transcript } from '#shared/transcript';
import type { SourceSentence } from './source.ts';

export interface TimedSentence {
  sentence: SourceSentence;
  /** First sample of the sentence in the chapter audio. */
  startSample: number;
  /** Sample just past the sentence's last sample (the following pause is not part of it). */
  endSample: number;
  /** Start of each word, in samples from the start of the chapter. */
  wordStartSamples: number[];
}

const seconds = (sample: number, sampleRate: number): number =>
  Math.round((sample / sampleRate) * 1000) / 1000;

/**
 * Segment = one sentence; ids `s<n>` and `s<n>w<m>` (1-based). A word ends where the next word
 * starts, and the last word ends with its sentence. Validated with the shared schema.
 */
export function buildTranscript(timed: readonly TimedSentence[], sampleRate: number): Transcript {
  const transcript: Transcript = {
    segments: timed.map((t, s) => {
      const segmentId = `s${s + 1}`;
      return {
        id: segmentId,
        start: seconds(t.startSample, sampleRate),
        end: seconds(t.endSample, sampleRate),
        text: t.sentence.text,
        translation: t.sentence.translation,
        words: t.sentence.words.map((word, w) => {
          const start = t.wordStartSamples[w];
          const end = t.wordStartSamples[w + 1] ?? t.endSample;
          if (start === undefined) throw new Error(`no timing for word ${w + 1} of ${segmentId}`);
          return {
            id: `${segmentId}w${w + 1}`,
            text: word.text,
            start: seconds(start, sampleRate),
            end: seconds(end, sampleRate),
            gloss: word.gloss,
          };
        }),
      };
    }),
  };
  const parsed = transcriptSchema.parse(transcript);
  checkTranscript(parsed);
  return parsed;
}

/** Invariants the player relies on beyond the schema: unique ids and ordered, nested times. */
export function checkTranscript(transcript: Transcript): void {
  const ids = new Set<string>();
  let previousEnd = 0;
  for (const segment of transcript.segments) {
    for (const id of [segment.id, ...segment.words.map((w) => w.id)]) {
      if (ids.has(id)) throw new Error(`duplicate transcript id ${id}`);
      ids.add(id);
    }
    if (segment.start < previousEnd || segment.end < segment.start) {
      throw new Error(`segment ${segment.id} times are out of order`);
    }
    previousEnd = segment.end;
    let wordEnd = segment.start;
    for (const word of segment.words) {
      if (word.start < wordEnd || word.end < word.start || word.end > segment.end) {
        throw new Error(`word ${word.id} times are out of order`);
      }
      wordEnd = word.start;
      if (!word.gloss) throw new Error(`word ${word.id} has no gloss`);
    }
    if (!segment.translation) throw new Error(`segment ${segment.id} has no translation`);
  }
}
