/**
 * WAV → AAC (.m4a) or MP3 with ffmpeg, then checks that the file plays back with the same timeline
 * as the samples we timed: same length, and no start offset from the encoder's priming samples.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeWav, samplesFromS16le } from './wav.ts';

const run = promisify(execFile);
const maxBuffer = 256 * 1024 * 1024;

export interface EncodeCheck {
  /** Duration of the PCM we timed, in seconds. */
  pcmSeconds: number;
  /** Duration ffprobe reports for the .m4a audio stream. */
  containerSeconds: number;
  /** Samples ffmpeg decodes back (includes the AAC end padding the decoder does not trim). */
  decodedSamples: number;
  /** Lag (in samples) at which the decoded audio best matches the PCM; 0 means no offset. */
  lagSamples: number;
}

export async function assertTools(): Promise<void> {
  for (const tool of ['ffmpeg', 'ffprobe']) {
    try {
      await run(tool, ['-version']);
    } catch {
      throw new Error(`${tool} not found: install it with "apt-get install -y ffmpeg"`);
    }
  }
}

/**
 * How each format is encoded, mono at 48 kb/s. AAC-LC in an MP4 (.m4a) container: ffmpeg's MP4
 * muxer writes an edit list that hides the encoder's 1024 priming samples, so playback starts at
 * our sample 0. MP3 (LAME): its header records the encoder delay and padding, which decoders that
 * read it (ffmpeg, browsers) skip.
 */
const codecArguments = {
  m4a: ['-c:a', 'aac', '-b:a', '48k', '-movflags', '+faststart'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '48k'],
} as const;

export type AudioFormat = keyof typeof codecArguments;

/** Encodes to AAC (.m4a). The bitexact flags keep the output byte-identical between runs. */
export function encodeM4a(
  samples: Int16Array,
  sampleRate: number,
  outFile: string,
): Promise<EncodeCheck> {
  return encodeAudio(samples, sampleRate, outFile, 'm4a');
}

/** Encodes to `format`, byte-identical between runs, and checks the timeline of the result. */
export async function encodeAudio(
  samples: Int16Array,
  sampleRate: number,
  outFile: string,
  format: AudioFormat,
): Promise<EncodeCheck> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'relatos-audio-'));
  try {
    const wavFile = path.join(dir, 'chapter.wav');
    await writeFile(wavFile, encodeWav(samples, sampleRate));
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      wavFile,
      ...codecArguments[format],
      '-ac',
      '1',
      '-ar',
      String(sampleRate),
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      outFile,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return checkEncoded(samples, sampleRate, outFile);
}

async function checkEncoded(
  samples: Int16Array,
  sampleRate: number,
  file: string,
): Promise<EncodeCheck> {
  const pcmSeconds = samples.length / sampleRate;
  const probe = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=start_time,duration',
    '-of',
    'json',
    file,
  ]);
  const [stream] = (
    JSON.parse(probe.stdout) as { streams: { start_time?: string; duration?: string }[] }
  ).streams;
  // An MP3 stream's duration counts the encoder delay that decoding skips (its start time).
  const containerSeconds = Number(stream?.duration) - Math.max(0, Number(stream?.start_time ?? 0));
  if (!Number.isFinite(containerSeconds) || Math.abs(containerSeconds - pcmSeconds) > 0.05) {
    throw new Error(`${file}: container duration ${containerSeconds}s ≠ PCM ${pcmSeconds}s`);
  }
  const decoded = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', String(sampleRate), '-'],
    { encoding: 'buffer', maxBuffer },
  );
  const back = samplesFromS16le(decoded.stdout);
  // The decoder keeps the last frame's padding (< 1024 samples); anything beyond that, or a
  // shorter result, would mean the timeline moved.
  if (back.length < samples.length || back.length - samples.length > 2048) {
    throw new Error(`${file}: decoded ${back.length} samples, expected ~${samples.length}`);
  }
  const lagSamples = bestLag(samples, back, sampleRate);
  if (Math.abs(lagSamples) > sampleRate * 0.005) {
    throw new Error(`${file}: decoded audio is offset by ${lagSamples} samples`);
  }
  return { pcmSeconds, containerSeconds, decodedSamples: back.length, lagSamples };
}

/**
 * Cross-correlates the first 2 s of the original and decoded audio over ±2048 samples (more than
 * the AAC priming delay) and returns the lag with the highest normalised correlation.
 */
export function bestLag(a: Int16Array, b: Int16Array, sampleRate: number): number {
  const maxLag = 2048;
  const n = Math.min(sampleRate * 2, a.length - maxLag, b.length - maxLag);
  let best = 0;
  let bestScore = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let dot = 0;
    let energy = 0;
    for (let i = maxLag; i < n; i++) {
      const x = a[i] ?? 0;
      const y = b[i + lag] ?? 0;
      dot += x * y;
      energy += y * y;
    }
    const score = energy > 0 ? dot / Math.sqrt(energy) : -Infinity;
    if (score > bestScore) {
      bestScore = score;
      best = lag;
    }
  }
  return best;
}
