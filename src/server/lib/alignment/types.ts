import type { Transcript } from '#shared/transcript';

/** Where the engine is in its work, for progress bars: a stage for people and 0–1 of the whole. */
export type AlignmentProgress = (stage: string, fraction: number) => void;

export interface AlignmentInput {
  /** The recording, mono, as samples in -1…1. */
  samples: Float32Array;
  sampleRate: number;
  /**
   * The text to place, as a transcript whose times are ignored: its sentences (segments) and
   * words, with any translations and glosses, which are kept as they are.
   */
  transcript: Transcript;
  language: 'es';
  onProgress?: AlignmentProgress;
  /**
   * Whether to refuse a recording that does not seem to say the text (default true). Off when the
   * text is known to be there: one sentence of an aligned chapter, aligned again on the audio
   * around it, where a tune or silence can outweigh one sentence's evidence.
   */
  checkText?: boolean;
  /** Aborts between steps (a cancelled job). */
  signal?: AbortSignal;
}

export interface AlignmentOutput {
  /**
   * The same transcript, every segment and word timed (seconds, ordered, inside the audio), each
   * with a `confidence` (0–1) in its timing.
   */
  transcript: Transcript;
  /** Seconds of music or silence before the first word. */
  leadingNonSpeechSeconds: number;
}

/** Why a recording and a text cannot be aligned, in words an administrator can act on. */
export type AlignmentFailure =
  | 'no-words' // the text has no Spanish words to place
  | 'no-speech' // the recording has no speech
  | 'mismatch'; // the recording does not say this text

export class AlignmentError extends Error {
  constructor(
    readonly reason: AlignmentFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AlignmentError';
  }
}

/** The engine's one entry point (align.ts implements it). */
export type AlignTranscript = (input: AlignmentInput) => Promise<AlignmentOutput>;
