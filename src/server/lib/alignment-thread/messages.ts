import type { Transcript } from '#shared/transcript';
import type { AlignmentFailure, AlignmentOutput } from '../alignment/types.ts';

/** What the server posts to the alignment thread, once: the engine's input but its callbacks. */
export interface AlignRequest {
  /** Moved to the thread, not copied. */
  samples: Float32Array;
  sampleRate: number;
  transcript: Transcript;
  language: 'es';
  checkText?: boolean;
  /** The thread's memory (heap and buffers) may not exceed this many bytes. */
  memoryBytes: number;
}

/** What the alignment thread answers: progress reports, then one ending. */
export type AlignAnswer =
  | { type: 'progress'; stage: string; fraction: number }
  | { type: 'done'; output: AlignmentOutput }
  /** The engine refused the input (an AlignmentError, rebuilt as one by the server). */
  | { type: 'refused'; reason: AlignmentFailure; message: string }
  /** The thread held more memory than it may. */
  | { type: 'over-memory' }
  /** Anything else the engine threw: a defect, with its stack for the server's log. */
  | { type: 'failed'; detail: string };
