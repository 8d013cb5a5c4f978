import type { Readable } from 'node:stream';
import {
  AudioDecodeError,
  decodeFailure,
  READ_PAST_LIMIT_SECONDS,
  RecordingTooLongError,
  type FfmpegMissingError,
} from './audio-errors.ts';
import { PcmCollector } from './pcm-collector.ts';
import { probeAudio } from './probe-audio.ts';
import { defaultAudioTools, spawnTool, StderrTail, type AudioTools } from './ffmpeg-tools.ts';

/** What the aligner works at: speech features need nothing above 8 kHz. */
export const DEFAULT_DECODE_SAMPLE_RATE = 16_000;

/**
 * A recording: a file path (best: ffmpeg can seek, which MP4/M4A files whose index sits at the end
 * need), the file's bytes, or a stream of them (piped to ffmpeg's stdin).
 */
export type AudioSource = string | Buffer | Readable;

export interface DecodeOptions {
  /** Output sample rate (Hz); default 16 kHz. */
  sampleRate?: number;
  /** Decode from this many seconds into the recording (one sentence's surroundings). */
  startSeconds?: number;
  /** Decode at most this many seconds. */
  durationSeconds?: number;
  /**
   * The longest recording accepted (MAX_RECORDING_MINUTES): ffmpeg stops just past it and the
   * promise rejects with RecordingTooLongError, so what is held stays bounded whatever the file.
   */
  maxSeconds?: number;
  /** Stops ffmpeg (a cancelled job); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  tools?: AudioTools;
}

export interface DecodedAudio {
  /** Mono samples in -1…1 (channels are mixed down). */
  samples: Float32Array;
  sampleRate: number;
  /** The decoded length: exact, unlike a container's declared duration. */
  durationSeconds: number;
}

/** Seconds ffmpeg decodes at most: the window asked for, and never far past the limit. */
function decodedSecondsCap(options: DecodeOptions): number | undefined {
  const past =
    options.maxSeconds === undefined ? Infinity : options.maxSeconds + READ_PAST_LIMIT_SECONDS;
  const cap = Math.min(options.durationSeconds ?? Infinity, past);
  return Number.isFinite(cap) ? cap : undefined;
}

function decodeArgs(source: AudioSource, sampleRate: number, options: DecodeOptions): string[] {
  const window: string[] = [];
  // Before -i, -ss seeks in the input and then decodes up to the exact sample (accurate_seek).
  if (options.startSeconds !== undefined && options.startSeconds > 0) {
    window.push('-ss', options.startSeconds.toFixed(6));
  }
  const cap = decodedSecondsCap(options);
  if (cap !== undefined) window.push('-t', cap.toFixed(6));
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...window,
    '-i',
    typeof source === 'string' ? source : 'pipe:0',
    '-map',
    '0:a:0',
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
}

function checkOptions(sampleRate: number, options: DecodeOptions): void {
  if (!Number.isInteger(sampleRate) || sampleRate < 1000 || sampleRate > 192_000) {
    throw new RangeError(
      `sample rate must be a whole number of Hz in 1000…192000, got ${sampleRate}`,
    );
  }
  for (const [name, value] of [
    ['startSeconds', options.startSeconds],
    ['durationSeconds', options.durationSeconds],
    ['maxSeconds', options.maxSeconds],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      throw new RangeError(`${name} must be a non-negative number of seconds, got ${value}`);
    }
  }
}

/**
 * Runs ffmpeg on `source` and hands every chunk of mono 16-bit little-endian PCM it writes to
 * `onPcm` (a chunk may end inside a sample). Resolves when ffmpeg finished cleanly; rejects with
 * RecordingTooLongError when the decoded stream ran past `maxSeconds`.
 */
export function streamPcm(
  source: AudioSource,
  options: DecodeOptions,
  onPcm: (chunk: Buffer) => void,
): Promise<void> {
  const sampleRate = options.sampleRate ?? DEFAULT_DECODE_SAMPLE_RATE;
  checkOptions(sampleRate, options);
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const tools = options.tools ?? defaultAudioTools;

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: unknown) => finish(() => reject(error));

    const child = spawnTool(
      tools.ffmpeg,
      decodeArgs(source, sampleRate, options),
      { stdio: [typeof source === 'string' ? 'ignore' : 'pipe', 'pipe', 'pipe'] },
      (missing: FfmpegMissingError) => fail(missing),
    );
    const onAbort = () => {
      child.kill('SIGKILL');
      fail(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const stderr = new StderrTail();
    let bytes = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      onPcm(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') fail(error);
    });

    if (child.stdin) {
      // ffmpeg may stop reading early (it found the input bad, or the window ended): that closes
      // the pipe, which is not our failure; the exit code tells what happened.
      child.stdin.on('error', () => undefined);
      if (Buffer.isBuffer(source)) child.stdin.end(source);
      else if (typeof source !== 'string') {
        source.once('error', (error) => {
          child.kill('SIGKILL');
          fail(error);
        });
        source.pipe(child.stdin);
      }
    }

    child.once('close', (code) => {
      if (code !== 0) fail(decodeFailure(stderr.toString(), code));
      else if (options.maxSeconds !== undefined && bytes / 2 / sampleRate > options.maxSeconds) {
        fail(new RecordingTooLongError(options.maxSeconds));
      } else finish(resolve);
    });
  });
}

/**
 * The most a header's claim may reserve when no limit was given: three hours of samples. A
 * longer recording still decodes whole (the array grows as its samples come).
 */
const PRESIZE_AT_MOST_SECONDS = 3 * 60 * 60;

/**
 * How long the decoded audio will be, when it can be known cheaply: the window asked for, or a
 * file's declared duration (ffprobe), never more than ffmpeg will decode. Only sizes the result:
 * a header may claim months (an MP3's frame count is one number anyone can write), and the
 * decoded length is what counts.
 */
async function expectedSeconds(
  source: AudioSource,
  options: DecodeOptions,
): Promise<number | undefined> {
  const cap = decodedSecondsCap(options);
  if (options.durationSeconds !== undefined) return cap;
  if (typeof source !== 'string') return undefined;
  try {
    const probe = await probeAudio(source, options.tools);
    const declared = Math.max(0, probe.durationSeconds - (options.startSeconds ?? 0));
    return Math.min(declared, cap ?? PRESIZE_AT_MOST_SECONDS);
  } catch {
    return undefined; // the decoding itself will say what is wrong
  }
}

/**
 * Decodes any recording ffmpeg reads (MP3, WAV, M4A/AAC, Ogg/Opus, FLAC, WebM…) to mono Float32
 * samples at `sampleRate`, through an ffmpeg child process writing 16-bit PCM to a pipe: no
 * temporary files, and nothing but the result is held in memory.
 *
 * Rejects with FfmpegMissingError when ffmpeg is not installed and with AudioDecodeError (worded
 * for an administrator) when the input is not a recording it can decode, holds no audio or runs
 * past `maxSeconds` (RecordingTooLongError).
 */
export async function decodeAudio(
  source: AudioSource,
  options: DecodeOptions = {},
): Promise<DecodedAudio> {
  const sampleRate = options.sampleRate ?? DEFAULT_DECODE_SAMPLE_RATE;
  const pcm = new PcmCollector(
    await expectedSeconds(source, options).then((s) => s && s * sampleRate),
  );
  await streamPcm(source, options, (chunk) => pcm.push(chunk));
  const samples = pcm.toFloat32();
  if (samples.length === 0 && options.durationSeconds !== 0) {
    throw options.startSeconds
      ? new AudioDecodeError(
          `The recording has no audio after ${options.startSeconds.toFixed(2)} s.`,
          'ffmpeg decoded 0 samples',
        )
      : new AudioDecodeError(
          'The file contains no audio: upload a recording (MP3, WAV or M4A).',
          'ffmpeg decoded 0 samples',
        );
  }
  return { samples, sampleRate, durationSeconds: samples.length / sampleRate };
}

/**
 * The exact length of a recording in seconds: ffmpeg decodes it at a low rate and only the bytes
 * are counted (constant memory).
 */
export async function measureDuration(
  source: AudioSource,
  tools: AudioTools = defaultAudioTools,
): Promise<number> {
  const sampleRate = 8000;
  let bytes = 0;
  await streamPcm(source, { sampleRate, tools }, (chunk) => (bytes += chunk.length));
  return Math.floor(bytes / 2) / sampleRate;
}
