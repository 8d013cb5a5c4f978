import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import {
  AudioDecodeError,
  decodeFailure,
  FfmpegMissingError,
  READ_PAST_LIMIT_SECONDS,
  RecordingTooLongError,
} from './audio-errors.ts';
import { defaultAudioTools, runTool, type AudioTools } from './ffmpeg-tools.ts';

export interface LengthOptions {
  /** The longest recording accepted (MAX_RECORDING_MINUTES). */
  maxSeconds: number;
  tools?: AudioTools;
}

/**
 * The length of a file's audio stream, from its packets: ffmpeg copies them to nowhere, without
 * decoding (a second or so for an hour of audio), and reports the time it reached. Unlike the
 * duration a header declares (an MP3's frame count, a WAV's size field), this is what the file
 * holds. Reading stops just past `maxSeconds`, which rejects with RecordingTooLongError.
 */
export async function streamSeconds(file: string, options: LengthOptions): Promise<number> {
  const { maxSeconds, tools = defaultAudioTools } = options;
  const result = await runTool(tools.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-t',
    String(maxSeconds + READ_PAST_LIMIT_SECONDS),
    '-i',
    file,
    '-map',
    '0:a:0',
    '-c',
    'copy',
    '-f',
    'null',
    '-progress',
    'pipe:1',
    '-',
  ]);
  if (result.code !== 0) throw decodeFailure(result.stderr, result.code);
  // -progress writes key=value blocks; the last out_time_us is where the stream ended.
  const reached = [...result.stdout.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
  if (reached === undefined) throw decodeFailure(`no audio packets\n${result.stderr}`, 0);
  const seconds = Number(reached) / 1e6;
  if (seconds > maxSeconds) throw new RecordingTooLongError(maxSeconds);
  return seconds;
}

/** What the file's headers declare (music-metadata), or null when they say nothing readable. */
async function declaredSeconds(buffer: Buffer, mimeType: string): Promise<number | null> {
  try {
    const { format } = await parseBuffer(
      buffer,
      { mimeType },
      { duration: true, skipCovers: true },
    );
    const seconds = format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  } catch {
    return null;
  }
}

/**
 * An uploaded recording's length in seconds (decision 059): its stream's, read by ffmpeg from a
 * temporary copy (an M4A whose index sits at the end cannot be read from a pipe). When ffmpeg is
 * missing or cannot read the file, the headers' claim is all there is: it is used, and refused
 * past the limit too. Null when neither tells; the alignment job measures the decoded stream
 * again whatever was said here.
 *
 * Rejects with RecordingTooLongError past `maxSeconds`.
 */
export async function uploadedRecordingSeconds(
  buffer: Buffer,
  mimeType: string,
  options: LengthOptions,
): Promise<number | null> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'relatos-upload-'));
  try {
    const file = path.join(directory, 'recording');
    await fs.writeFile(file, buffer);
    return await streamSeconds(file, options);
  } catch (error) {
    if (error instanceof RecordingTooLongError) throw error;
    if (!(error instanceof AudioDecodeError || error instanceof FfmpegMissingError)) throw error;
    const declared = await declaredSeconds(buffer, mimeType);
    if (declared !== null && declared > options.maxSeconds) {
      throw new RecordingTooLongError(options.maxSeconds);
    }
    return declared;
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}
