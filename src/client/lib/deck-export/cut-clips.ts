import { clipSampleRange, downmixToMono, encodeWav } from './wav';
import type { DeckItem } from './deck-item';

/** What the cutter needs of a decoded chapter (an AudioBuffer has it). */
export interface DecodedAudio {
  sampleRate: number;
  length: number;
  numberOfChannels: number;
  getChannelData(channel: number): Float32Array;
}

export interface CutProgress {
  done: number;
  total: number;
}

/**
 * Each item's sentence clip as a WAV file, by item id. Each chapter's audio is loaded and decoded
 * once, then every item of that chapter is sliced from it; a chapter that cannot be loaded leaves
 * its items without a clip (the export still holds their text).
 */
export async function cutClips(
  items: readonly DeckItem[],
  loadChapterAudio: (audioUrl: string) => Promise<DecodedAudio>,
  onProgress: (progress: CutProgress) => void = () => {},
): Promise<Map<string, Uint8Array>> {
  const byChapter = new Map<string, DeckItem[]>();
  for (const item of items) {
    byChapter.set(item.chapterId, [...(byChapter.get(item.chapterId) ?? []), item]);
  }
  const clips = new Map<string, Uint8Array>();
  let done = 0;
  onProgress({ done, total: items.length });
  for (const chapterItems of byChapter.values()) {
    const audio = await loadChapterAudio(chapterItems[0]!.audioUrl).catch(() => null);
    const channels = audio
      ? Array.from({ length: audio.numberOfChannels }, (_, channel) =>
          audio.getChannelData(channel),
        )
      : [];
    for (const item of chapterItems) {
      if (audio) {
        const { start, end } = clipSampleRange(
          item.startSeconds,
          item.endSeconds,
          audio.sampleRate,
          audio.length,
        );
        if (end > start) {
          clips.set(item.id, encodeWav(downmixToMono(channels, start, end), audio.sampleRate));
        }
      }
      done += 1;
      onProgress({ done, total: items.length });
    }
  }
  return clips;
}

/** Clips are decoded at this rate: plenty for speech, and half the size of 44.1 kHz. */
const CLIP_SAMPLE_RATE = 22_050;

/** The browser's loader: the chapter's audio from our API, decoded with Web Audio. */
export async function loadChapterAudioInBrowser(audioUrl: string): Promise<DecodedAudio> {
  const response = await fetch(audioUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`audio ${response.status}`);
  const encoded = await response.arrayBuffer();
  const context = new OfflineAudioContext(1, 1, CLIP_SAMPLE_RATE);
  return context.decodeAudioData(encoded);
}
