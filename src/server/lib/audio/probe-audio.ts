import { decodeFailure } from './audio-errors.ts';
import { defaultAudioTools, runTool, type AudioTools } from './ffmpeg-tools.ts';

export interface AudioProbe {
  /** Seconds, as the file declares it (the audio stream's, else the container's). */
  durationSeconds: number;
  /** ffmpeg's names, e.g. `mp3`, `aac`, `pcm_s16le`; and the container, e.g. `mov,mp4,m4a,…`. */
  codec: string;
  container: string;
  sampleRate: number;
  channels: number;
}

interface FfprobeJson {
  streams?: { codec_name?: string; sample_rate?: string; channels?: number; duration?: string }[];
  format?: { format_name?: string; duration?: string };
}

/**
 * What a recording is, from its headers (ffprobe; fast, reads little of the file). The duration
 * is the file's own claim: exact for WAV and M4A, estimated from the bit rate for an MP3 without a
 * Xing/LAME header. `measureDuration` gives the decoded length when that matters.
 */
export async function probeAudio(
  file: string,
  tools: AudioTools = defaultAudioTools,
): Promise<AudioProbe> {
  const result = await runTool(tools.ffprobe, [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=codec_name,sample_rate,channels,duration:format=format_name,duration',
    '-of',
    'json',
    file,
  ]);
  if (result.code !== 0) throw decodeFailure(result.stderr, result.code);
  const json = JSON.parse(result.stdout) as FfprobeJson;
  const stream = json.streams?.[0];
  if (!stream) throw decodeFailure('does not contain any stream', result.code);
  const duration = Number(stream.duration ?? json.format?.duration);
  if (!Number.isFinite(duration)) {
    throw decodeFailure(`no duration in ${result.stdout}`, result.code);
  }
  return {
    durationSeconds: duration,
    codec: stream.codec_name ?? 'unknown',
    container: json.format?.format_name ?? 'unknown',
    sampleRate: Number(stream.sample_rate ?? 0),
    channels: stream.channels ?? 0,
  };
}
