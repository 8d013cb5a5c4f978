/** Clip cutting rules and a 16-bit PCM WAV encoder: pure, so they are tested on synthetic samples. */

/** Silence kept around a sentence so its first and last sounds are not clipped. */
export const CLIP_PADDING_SECONDS = 0.15;

/**
 * The sample range of a clip: the sentence's [start, end] widened by the padding, kept inside
 * the audio; an empty or inverted range gives an empty clip.
 */
export function clipSampleRange(
  startSeconds: number,
  endSeconds: number,
  sampleRate: number,
  totalSamples: number,
  paddingSeconds = CLIP_PADDING_SECONDS,
): { start: number; end: number } {
  const clamp = (sample: number) => Math.min(totalSamples, Math.max(0, sample));
  const start = clamp(Math.floor((startSeconds - paddingSeconds) * sampleRate));
  const end = clamp(Math.ceil((endSeconds + paddingSeconds) * sampleRate));
  return end > start ? { start, end } : { start, end: start };
}

/** The average of the channels' samples in [start, end). */
export function downmixToMono(
  channels: readonly Float32Array[],
  start: number,
  end: number,
): Float32Array {
  const mono = new Float32Array(Math.max(0, end - start));
  if (channels.length === 0) return mono;
  for (const channel of channels) {
    for (let index = 0; index < mono.length; index += 1)
      mono[index]! += channel[start + index] ?? 0;
  }
  for (let index = 0; index < mono.length; index += 1) mono[index]! /= channels.length;
  return mono;
}

const WAV_HEADER_BYTES = 44;

/** A mono 16-bit PCM WAV file of `samples` (-1..1, clipped outside). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1)
      view.setUint8(offset + index, text.charCodeAt(index));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index]!));
    view.setInt16(
      WAV_HEADER_BYTES + index * 2,
      sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff),
      true,
    );
  }
  return bytes;
}
