import { recordingSeconds } from '#shared/format';

/**
 * What an audio upload's record keeps about its length (file_uploads.metadata): the container's
 * duration read at upload, and the exact decoded length once the studio has decoded it.
 */
export const audioMetadataKeys = {
  durationSeconds: 'duration_seconds',
  decodedSeconds: 'decoded_seconds',
} as const;

const numberAt = (metadata: Record<string, unknown>, key: string) => {
  const value = metadata[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
};

/**
 * A chapter's duration in whole seconds, taken from its audio: the decoded length when it was
 * measured, otherwise the container's; null when the upload says nothing about its length.
 */
export function chapterSecondsFromMetadata(metadata: Record<string, unknown>): number | null {
  const seconds =
    numberAt(metadata, audioMetadataKeys.decodedSeconds) ??
    numberAt(metadata, audioMetadataKeys.durationSeconds);
  return seconds === null ? null : recordingSeconds(seconds);
}
