/**
 * Plays a sentence's clip from its chapter's audio by time range: one audio element per chapter
 * (so a chapter is fetched once however many of its sentences are reviewed), seek to the start,
 * stop at the end. The next card's chapter can be warmed up beforehand.
 */

export interface Clip {
  chapterId: string;
  audioUrl: string;
  startSeconds: number;
  endSeconds: number;
}

/** A little of the audio before and after the sentence, so its edges are not cut. */
export const CLIP_LEAD_SECONDS = 0.1;
export const CLIP_TAIL_SECONDS = 0.2;

/** Where a clip starts and stops in its chapter (within the audio's duration when known). */
export function clipBounds(clip: Clip, duration = Number.NaN): { from: number; to: number } {
  const from = Math.max(0, clip.startSeconds - CLIP_LEAD_SECONDS);
  const end = clip.endSeconds + CLIP_TAIL_SECONDS;
  const to = Number.isFinite(duration) ? Math.min(duration, end) : end;
  return { from, to: Math.max(from, to) };
}

/** Whether playback at `currentTime` has reached the clip's end. */
export const clipEnded = (clip: Clip, currentTime: number, duration?: number): boolean =>
  currentTime >= clipBounds(clip, duration).to;

/** Chapters kept ready at once (the current card's, the next one's and one spare). */
const MAX_ELEMENTS = 3;

export type ClipPlayerEvent = 'playing' | 'stopped' | 'blocked' | 'error';

export class ClipPlayer {
  private readonly elements = new Map<string, HTMLAudioElement>();
  private current: { clip: Clip; audio: HTMLAudioElement } | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onEvent: (event: ClipPlayerEvent) => void = () => {},
    private readonly createAudio: () => HTMLAudioElement = () => new Audio(),
  ) {}

  private elementFor(clip: Clip): HTMLAudioElement {
    let audio = this.elements.get(clip.chapterId);
    if (audio) {
      // Most recently used last, so the oldest is the one dropped.
      this.elements.delete(clip.chapterId);
      this.elements.set(clip.chapterId, audio);
      return audio;
    }
    audio = this.createAudio();
    audio.preload = 'auto';
    audio.src = clip.audioUrl;
    audio.addEventListener('timeupdate', () => this.checkEnd(audio));
    audio.addEventListener('playing', () => {
      if (this.current?.audio === audio) {
        this.scheduleStop();
        this.onEvent('playing');
      }
    });
    audio.addEventListener('ended', () => {
      if (this.current?.audio !== audio) return;
      clearTimeout(this.stopTimer);
      this.current = null;
      this.onEvent('stopped');
    });
    audio.addEventListener('error', () => {
      if (this.current?.audio === audio) this.onEvent('error');
    });
    this.elements.set(clip.chapterId, audio);
    while (this.elements.size > MAX_ELEMENTS) {
      const [oldest, element] = this.elements.entries().next().value!;
      if (element === this.current?.audio) break;
      element.removeAttribute('src');
      element.load();
      this.elements.delete(oldest);
    }
    return audio;
  }

  /** Loads the chapter of a clip about to be played, positioned at its start when idle. */
  preload(clip: Clip): void {
    const audio = this.elementFor(clip);
    if (this.current?.audio === audio) return;
    const { from } = clipBounds(clip);
    if (audio.readyState >= 1) audio.currentTime = from;
    else audio.addEventListener('loadedmetadata', () => (audio.currentTime = from), { once: true });
  }

  /** Plays `clip` from its start (again, if it was playing). */
  play(clip: Clip): Promise<void> {
    this.stop();
    const audio = this.elementFor(clip);
    this.current = { clip, audio };
    const { from } = clipBounds(clip, audio.duration);
    if (Math.abs(audio.currentTime - from) > 0.01) audio.currentTime = from;
    return audio.play().catch((error: unknown) => {
      if (this.current?.audio !== audio) return;
      const blocked = (error as { name?: string }).name === 'NotAllowedError';
      this.onEvent(blocked ? 'blocked' : 'error');
    });
  }

  private scheduleStop(): void {
    clearTimeout(this.stopTimer);
    const current = this.current;
    if (!current) return;
    const { to } = clipBounds(current.clip, current.audio.duration);
    const rate = current.audio.playbackRate || 1;
    const remainingMs = ((to - current.audio.currentTime) / rate) * 1000;
    // A timer ends the clip on time; timeupdate (4 a second) is the safety net.
    this.stopTimer = setTimeout(() => this.checkEnd(current.audio), Math.max(0, remainingMs));
  }

  private checkEnd(audio: HTMLAudioElement): void {
    const current = this.current;
    if (!current || current.audio !== audio || audio.paused) return;
    if (clipEnded(current.clip, audio.currentTime, audio.duration)) this.stop();
    else this.scheduleStop();
  }

  stop(): void {
    clearTimeout(this.stopTimer);
    const current = this.current;
    this.current = null;
    if (current && !current.audio.paused) {
      current.audio.pause();
      this.onEvent('stopped');
    }
  }

  dispose(): void {
    this.stop();
    for (const audio of this.elements.values()) {
      audio.removeAttribute('src');
      audio.load();
    }
    this.elements.clear();
  }
}
