import { uploadMessages } from '#shared/contracts/admin-files';

/** The apt command an administrator runs when the decoder is missing (decision 021). */
export const FFMPEG_INSTALL_HINT = 'apt-get install -y ffmpeg';
export const FFMPEG_MISSING_MESSAGE = `ffmpeg is not installed: ${FFMPEG_INSTALL_HINT}`;

/** ffmpeg (or ffprobe, which comes with it) cannot be started on this machine. */
export class FfmpegMissingError extends Error {
  constructor(readonly command: string) {
    super(FFMPEG_MISSING_MESSAGE);
    this.name = 'FfmpegMissingError';
  }
}

/**
 * A recording that cannot be decoded. The message is for an administrator (what is wrong with the
 * file and what to do); `detail` keeps ffmpeg's own last words for the logs.
 */
export class AudioDecodeError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'AudioDecodeError';
  }
}

/**
 * How far past the length limit a recording is read: enough to tell one just over it from one
 * at it, and no more, so an over-long file costs no more than the limit.
 */
export const READ_PAST_LIMIT_SECONDS = 1;

/**
 * A recording longer than this server accepts (MAX_RECORDING_MINUTES, decision 059), found from
 * its stream, never from what its header claims. A decode refusal like the others: the job, the
 * studio and the upload say it in the same words.
 */
export class RecordingTooLongError extends AudioDecodeError {
  constructor(readonly limitSeconds: number) {
    super(uploadMessages.recordingTooLong(limitSeconds), `more than ${limitSeconds} s of audio`);
    this.name = 'RecordingTooLongError';
  }
}

const explanations: { pattern: RegExp; message: string }[] = [
  {
    pattern: /No such file or directory/i,
    message: 'The audio file was not found.',
  },
  {
    pattern: /moov atom not found/i,
    message:
      'The audio file is incomplete or damaged (its MP4/M4A index is missing): export it again from the recording program.',
  },
  {
    pattern:
      /does not contain any stream|Output file .* does not contain any stream|matches no streams/i,
    message: 'The file has no audio track: upload a recording (MP3, WAV or M4A).',
  },
  {
    pattern:
      /Invalid data found when processing input|could not find codec parameters|Invalid argument|Failed to read frame size|header missing|no frame/i,
    message:
      'The file is not an audio recording that can be read, or it is damaged: upload an MP3, WAV or M4A file.',
  },
  {
    pattern: /Decoder .* not found|Unknown decoder|unsupported codec/i,
    message:
      'The recording uses an audio format this server cannot decode: convert it to MP3, WAV or M4A.',
  },
];

/** ffmpeg's last lines, which name the problem (the earlier ones describe the input). */
export function lastLines(stderr: string, count = 4): string {
  return stderr.trim().split(/\r?\n/).slice(-count).join('\n');
}

/** Turns ffmpeg's complaint about an input into an AudioDecodeError an administrator can act on. */
export function decodeFailure(stderr: string, exitCode: number | null): AudioDecodeError {
  const detail = lastLines(stderr) || `ffmpeg exited with code ${String(exitCode)}`;
  const known = explanations.find(({ pattern }) => pattern.test(stderr));
  return new AudioDecodeError(
    known?.message ??
      'The audio file could not be decoded: upload an MP3, WAV or M4A recording that plays on a computer.',
    detail,
  );
}
