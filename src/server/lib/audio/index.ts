/** Audio decoding with ffmpeg (decision 021): the aligner's input, durations, and the health check. */
export {
  AudioDecodeError,
  FFMPEG_INSTALL_HINT,
  FFMPEG_MISSING_MESSAGE,
  FfmpegMissingError,
  RecordingTooLongError,
} from './audio-errors.ts';
export {
  decodeAudio,
  DEFAULT_DECODE_SAMPLE_RATE,
  measureDuration,
  type AudioSource,
  type DecodedAudio,
  type DecodeOptions,
} from './decode-audio.ts';
export { checkAudioTools, type AudioTools, type AudioToolsStatus } from './ffmpeg-tools.ts';
export { probeAudio, type AudioProbe } from './probe-audio.ts';
export { streamSeconds, uploadedRecordingSeconds } from './recording-length.ts';
