import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Waveform } from '#shared/contracts/studio';
import {
  AudioDecodeError,
  decodeAudio,
  FfmpegMissingError,
  type DecodedAudio,
  type DecodeOptions,
} from '../../lib/audio/index.ts';
import { streamPcm } from '../../lib/audio/decode-audio.ts';
import { AppError, badRequest, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { StudioRepository } from './studio.repository.ts';
import { computePeaks } from './waveform-peaks.ts';

/** What one pass over a recording tells: its exact length and its waveform. */
export interface AudioAnalysis {
  durationSeconds: number;
  waveform: Waveform;
}

/**
 * Why a recording could not be read, as a request's answer: the server lacks ffmpeg (503), the
 * file is missing from storage (404) or is no recording ffmpeg can decode (400). Undefined for
 * any other error, which is a defect and passed on as it is.
 */
export function audioRefusal(error: unknown): AppError | undefined {
  if (error instanceof FfmpegMissingError) return serviceUnavailable(error.message);
  if (error instanceof AudioDecodeError) return badRequest(error.message);
  if (error instanceof AppError && error.code === 'NOT_FOUND') {
    return notFound('The chapter’s recording is missing from the file storage: upload it again');
  }
  return undefined;
}

/** Peaks need no detail above 4 kHz; a low rate keeps the pass fast. */
const ANALYSIS_SAMPLE_RATE = 8000;
/** Recordings whose analysis each instance keeps (a few hundred KB each at most). */
const ANALYSIS_CACHE_SIZE = 8;

/**
 * A chapter's recording as the studio uses it. ffmpeg reads a copy in a temporary file: an M4A
 * whose index sits at the end cannot be decoded from a pipe, and a window (one sentence) is found
 * by seeking. The copy is removed as soon as the decoding ends, however it ends. No decoding goes
 * past `maxSeconds` (MAX_RECORDING_MINUTES): a longer recording is refused in words
 * (RecordingTooLongError), whatever its header claimed at upload (decision 059).
 */
export function createChapterAudio(deps: {
  storage: ObjectStorage;
  studio: Pick<StudioRepository, 'findDecodedSeconds' | 'saveDecodedSeconds'>;
  maxSeconds: number;
}) {
  const { storage, studio, maxSeconds } = deps;
  const analyses = new Map<string, Promise<AudioAnalysis>>();

  async function withLocalCopy<T>(
    key: string,
    signal: AbortSignal | undefined,
    work: (file: string) => Promise<T>,
  ): Promise<T> {
    const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'relatos-audio-'));
    try {
      const file = path.join(directory, 'recording');
      await pipeline(await storage.read('audios', key), fs.createWriteStream(file), { signal });
      return await work(file);
    } finally {
      await fs.promises.rm(directory, { recursive: true, force: true });
    }
  }

  async function analyse(key: string): Promise<AudioAnalysis> {
    const analysis = await withLocalCopy(key, undefined, async (file) => {
      const peaks = computePeaks(ANALYSIS_SAMPLE_RATE);
      await streamPcm(file, { sampleRate: ANALYSIS_SAMPLE_RATE, maxSeconds }, (chunk) =>
        peaks.push(chunk),
      );
      return peaks.finish();
    });
    await studio.saveDecodedSeconds(key, analysis.durationSeconds);
    return analysis;
  }

  /** Length and waveform, computed once per audio key (keys never change content). */
  function cachedAnalysis(key: string): Promise<AudioAnalysis> {
    let analysis = analyses.get(key);
    if (analysis) {
      analyses.delete(key);
    } else {
      analysis = analyse(key);
      analysis.catch(() => analyses.delete(key));
    }
    analyses.set(key, analysis);
    if (analyses.size > ANALYSIS_CACHE_SIZE) analyses.delete(analyses.keys().next().value!);
    return analysis;
  }

  return {
    analyse: cachedAnalysis,

    /** Decodes the recording (or a window of it) to mono samples. */
    decode(key: string, options: DecodeOptions = {}): Promise<DecodedAudio> {
      return withLocalCopy(key, options.signal, (file) =>
        decodeAudio(file, { ...options, maxSeconds }),
      );
    },

    /** The exact length in seconds: remembered with the file's record once measured. */
    async durationSeconds(key: string): Promise<number> {
      const known = await studio.findDecodedSeconds(key);
      if (known !== undefined) return known;
      return (await cachedAnalysis(key)).durationSeconds;
    },

    /** Remembers a length measured by a full decoding (the alignment's). */
    rememberDuration: (key: string, seconds: number) => studio.saveDecodedSeconds(key, seconds),
  };
}

export type ChapterAudio = ReturnType<typeof createChapterAudio>;
