/**
 * Plays a stretch of a chapter's audio by time range: up to two audio elements per chapter (one
 * playing, one waiting at the next clip's start), seek to the start, stop at the end. The next
 * clip can be made ready beforehand. Review plays a saved sentence with some room around
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
const MAX_CHAPTERS = 3;
/**
 * Elements per chapter: the one playing and one waiting at the next clip's start, so moving on
 * does not wait for the recording to be fetched at a new place (a learner who answers while
 * the clip still plays, or quickly after).
 */
const ELEMENTS_PER_CHAPTER = 2;
/** An element within this of a clip's start is waiting there. */
const POSITIONED_SECONDS = 0.05;

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

/** Lets an element go: its recording is no longer fetched or kept. */
function unload(audio: HTMLAudioElement): void {
  audio.removeAttribute('src');
  audio.load();
}

export class ClipPlayer {
  /** Each chapter's elements, least recently used chapter first. */
  private readonly chapters = new Map<string, HTMLAudioElement[]>();
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

  /** The elements of a clip's chapter (none yet for a new chapter), marked most recently used. */
  private elementsOf(clip: Clip): HTMLAudioElement[] {
    const known = this.chapters.get(clip.chapterId);
    if (known) {
      this.chapters.delete(clip.chapterId);
      this.chapters.set(clip.chapterId, known);
      return known;
    }
    const list: HTMLAudioElement[] = [];
    this.chapters.set(clip.chapterId, list);
    while (this.chapters.size > MAX_CHAPTERS) {
      const [oldest, elements] = this.chapters.entries().next().value!;
      if (this.current && elements.includes(this.current.audio)) break;
      for (const element of elements) unload(element);
      this.chapters.delete(oldest);
    }
    return list;
  }

  private newElement(clip: Clip, list: HTMLAudioElement[]): HTMLAudioElement {
    const audio = this.createAudio();
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
    list.push(audio);
    return audio;
  }

  /**
   * Where `clip` plays: an element already waiting at its start, else its chapter's first. A
   * chapter's first play opens its second element too, so that one has the recording's header
   * by the time the next clip is made ready in it.
   */
  private elementToPlay(clip: Clip): HTMLAudioElement {
    const list = this.elementsOf(clip);
    if (list.length === 0) {
      const first = this.newElement(clip, list);
      this.newElement(clip, list);
      return first;
    }
    const waiting = list.find(
      (audio) =>
        audio.readyState >= 2 &&
        Math.abs(audio.currentTime - this.rangeOf(clip, audio).from) < POSITIONED_SECONDS,
    );
    return waiting ?? list[0] ?? this.newElement(clip, list);
  }

  /** Where `clip` waits: an element of its chapter that is not playing (a second one if need be). */
  private elementToReady(clip: Clip): HTMLAudioElement | null {
    const list = this.elementsOf(clip);
    const idle = list.find((audio) => audio !== this.current?.audio);
    if (idle) return idle;
    return list.length < ELEMENTS_PER_CHAPTER ? this.newElement(clip, list) : null;
  }

  /**
   * Loads the chapter of the clip to be played next and positions an element at the clip's
   * start: one that is not playing (a second element of the chapter while the first plays).
   */
  preload(clip: Clip): void {
    this.upNext = clip;
    this.readyUpNext();
  }

  private readyUpNext(): void {
    const clip = this.upNext;
    if (!clip) return;
    const audio = this.elementToReady(clip);
    if (!audio) return;
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
    const audio = this.elementToPlay(clip);
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
    for (const elements of this.chapters.values()) for (const audio of elements) unload(audio);
    this.chapters.clear();
  }
}
