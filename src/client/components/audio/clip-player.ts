/**
 * Plays a stretch of a chapter's audio by time range: one audio element per chapter (so a chapter
 * is fetched once however many of its stretches are played), seek to the start, stop at the end.
 * The next clip can be made ready beforehand. Review plays a saved sentence with some room around
 * it (its own range rule); practice plays exactly the words asked (decision 066).
 */

export interface Clip {
  chapterId: string;
  audioUrl: string;
  startSeconds: number;
  endSeconds: number;
}

/** Where playback of a clip starts and stops, in seconds of its chapter. */
export interface ClipRange {
  from: number;
  to: number;
}

/** Where a clip plays in its chapter, given the audio's duration (NaN while unknown). */
export type ClipRangeRule = (clip: Clip, duration: number) => ClipRange;

/** The clip's own bounds, within the audio: for clips whose bounds are already exact. */
export const exactClipRange: ClipRangeRule = (clip, duration) => {
  const from = Math.max(0, clip.startSeconds);
  const to = Number.isFinite(duration) ? Math.min(duration, clip.endSeconds) : clip.endSeconds;
  return { from, to: Math.max(from, to) };
};

const sameClip = (a: Clip, b: Clip) =>
  a.chapterId === b.chapterId && a.startSeconds === b.startSeconds && a.endSeconds === b.endSeconds;

/** Chapters kept ready at once (the current clip's, the next one's and one spare). */
const MAX_ELEMENTS = 3;

export type ClipPlayerEvent = 'playing' | 'stopped' | 'blocked' | 'error';

export interface ClipPlayerOptions {
  onEvent?: (event: ClipPlayerEvent) => void;
  /** Where each clip plays (default: its exact bounds). */
  range?: ClipRangeRule;
  createAudio?: () => HTMLAudioElement;
}

export interface PlayOptions {
  /** Playback speed of this play (1 unless given: a slower replay does not stick). */
  rate?: number;
}

export class ClipPlayer {
  private readonly elements = new Map<string, HTMLAudioElement>();
  private current: { clip: Clip; audio: HTMLAudioElement } | null = null;
  /** The clip to be played next: made ready whenever its element is not playing. */
  private upNext: Clip | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onEvent: (event: ClipPlayerEvent) => void;
  private readonly range: ClipRangeRule;
  private readonly createAudio: () => HTMLAudioElement;

  constructor(options: ClipPlayerOptions = {}) {
    this.onEvent = options.onEvent ?? (() => {});
    this.range = options.range ?? exactClipRange;
    this.createAudio = options.createAudio ?? (() => new Audio());
  }

  private rangeOf(clip: Clip, audio?: HTMLAudioElement): ClipRange {
    return this.range(clip, audio?.duration ?? Number.NaN);
  }

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
      this.readyUpNext();
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

  /**
   * Loads the chapter of the clip to be played next and positions it at the clip's start, now or,
   * while that element plays another clip (a replay of the current one too), once it stops.
   */
  preload(clip: Clip): void {
    this.upNext = clip;
    this.readyUpNext();
  }

  private readyUpNext(): void {
    const clip = this.upNext;
    if (!clip) return;
    const audio = this.elementFor(clip);
    if (this.current?.audio === audio) return;
    const seek = () => {
      if (this.current?.audio !== audio) audio.currentTime = this.rangeOf(clip, audio).from;
    };
    if (audio.readyState >= 1) seek();
    else audio.addEventListener('loadedmetadata', seek, { once: true });
  }

  /** Plays `clip` from its start (again, if it was playing). */
  play(clip: Clip, { rate = 1 }: PlayOptions = {}): Promise<void> {
    this.stop({ quiet: true });
    if (this.upNext && sameClip(this.upNext, clip)) this.upNext = null;
    const audio = this.elementFor(clip);
    this.current = { clip, audio };
    audio.playbackRate = rate;
    const { from } = this.rangeOf(clip, audio);
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
    const { to } = this.rangeOf(current.clip, current.audio);
    const rate = current.audio.playbackRate || 1;
    const remainingMs = ((to - current.audio.currentTime) / rate) * 1000;
    // A timer ends the clip on time; timeupdate (4 a second) is the safety net.
    this.stopTimer = setTimeout(() => this.checkEnd(current.audio), Math.max(0, remainingMs));
  }

  private checkEnd(audio: HTMLAudioElement): void {
    const current = this.current;
    if (!current || current.audio !== audio || audio.paused) return;
    if (audio.currentTime >= this.rangeOf(current.clip, audio).to) this.stop();
    else this.scheduleStop();
  }

  /**
   * Stops the clip playing, if any. `quiet`: another play follows at once, so no 'stopped' is
   * reported in between (a status would flicker) and the next clip is not positioned.
   */
  stop({ quiet = false }: { quiet?: boolean } = {}): void {
    clearTimeout(this.stopTimer);
    const current = this.current;
    this.current = null;
    if (current && !current.audio.paused) {
      current.audio.pause();
      if (!quiet) this.onEvent('stopped');
    }
    if (!quiet) this.readyUpNext();
  }

  dispose(): void {
    this.upNext = null;
    this.stop();
    for (const audio of this.elements.values()) {
      audio.removeAttribute('src');
      audio.load();
    }
    this.elements.clear();
  }
}
