import {
  highlightedWordIndex,
  lastStartingAtOrBefore,
  SEGMENT_LEAD_SECONDS,
} from '#shared/player/timing';
import type { TranscriptIndex } from './transcript-index';

export interface HighlightChange {
  wordIndex: number;
  segmentIndex: number;
  /** The audio clock when the change was applied. */
  time: number;
  segmentChanged: boolean;
}

/** The elements the highlighter touches, by word and segment index (built once after render). */
export interface HighlightTargets {
  words: ArrayLike<Element | undefined>;
  segments: ArrayLike<Element | undefined>;
}

/** The attribute that marks the active word; the stylesheet gives it a background and underline. */
export const ACTIVE_WORD_ATTRIBUTE = 'data-active';

/**
 * Follows the audio clock: finds the word to light and the active segment by binary search and toggles the
 * attributes of the elements that changed only (at most four per change), never React state.
 */
export class Highlighter {
  activeWord = -1;
  activeSegment = -1;

  constructor(
    private readonly index: TranscriptIndex,
    private readonly targets: HighlightTargets,
    private readonly onChange?: (change: HighlightChange) => void,
  ) {}

  /**
   * Applies the highlight for `time`; true when anything changed. `clockTime` is the audio clock
   * reported with the change (the loop looks slightly ahead of it, see HighlightLoop).
   */
  update(time: number, clockTime: number = time): boolean {
    const { index } = this;
    // A word whose published timing is doubtful is not lit: its line is (decision 050).
    const word = highlightedWordIndex(index.words, time, index.wordStarts);
    const segment =
      index.segments.length === 0
        ? -1
        : lastStartingAtOrBefore(index.segmentStarts, time + SEGMENT_LEAD_SECONDS);
    if (word === this.activeWord && segment === this.activeSegment) return false;

    if (word !== this.activeWord) {
      this.targets.words[this.activeWord]?.removeAttribute(ACTIVE_WORD_ATTRIBUTE);
      this.targets.words[word]?.setAttribute(ACTIVE_WORD_ATTRIBUTE, '');
      this.activeWord = word;
    }
    const segmentChanged = segment !== this.activeSegment;
    if (segmentChanged) {
      this.targets.segments[this.activeSegment]?.removeAttribute('aria-current');
      this.targets.segments[segment]?.setAttribute('aria-current', 'true');
      this.activeSegment = segment;
    }
    this.onChange?.({ wordIndex: word, segmentIndex: segment, time: clockTime, segmentChanged });
    return true;
  }

  /** Removes every mark (a new transcript replaces this one). */
  clear(): void {
    this.targets.words[this.activeWord]?.removeAttribute(ACTIVE_WORD_ATTRIBUTE);
    this.targets.segments[this.activeSegment]?.removeAttribute('aria-current');
    this.activeWord = -1;
    this.activeSegment = -1;
  }
}

export interface MediaClock {
  readonly currentTime: number;
  readonly paused: boolean;
  readonly playbackRate?: number;
}

/** Frame intervals outside this range (a stalled tab, a 120 Hz screen) are clamped. */
const MIN_FRAME_MS = 6;
const MAX_FRAME_MS = 34;
const DEFAULT_FRAME_MS = 1000 / 60;

export interface FrameScheduler {
  request: (callback: FrameRequestCallback) => number;
  cancel: (handle: number) => void;
}

const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * Reads the clock on every animation frame while it runs (`timeupdate` fires only about four times
 * a second) and stops by itself when the media pauses. `sync()` applies one update at once, at the
 * clock itself (after a seek while paused, for instance).
 */
export class HighlightLoop {
  private handle: number | null = null;
  private lastFrameAt: number | null = null;
  /** Smoothed time between frames, in ms. */
  private frameMs = DEFAULT_FRAME_MS;

  constructor(
    private readonly clock: MediaClock,
    private readonly highlighter: Pick<Highlighter, 'update'>,
    private readonly frames: FrameScheduler = browserFrames,
  ) {}

  get running(): boolean {
    return this.handle !== null;
  }

  /**
   * What a frame's change shows is on screen until the next frame: the word chosen is the one
   * spoken half a frame ahead of the clock, which centres the error on the frame instead of
   * always trailing it.
   */
  get lookAheadSeconds(): number {
    return ((this.frameMs / 2) * (this.clock.playbackRate ?? 1)) / 1000;
  }

  private readonly tick = (timestamp: number) => {
    this.handle = null;
    if (this.lastFrameAt !== null && timestamp > this.lastFrameAt) {
      const interval = Math.min(MAX_FRAME_MS, Math.max(MIN_FRAME_MS, timestamp - this.lastFrameAt));
      this.frameMs += (interval - this.frameMs) * 0.2;
    }
    this.lastFrameAt = timestamp;
    const time = this.clock.currentTime;
    this.highlighter.update(time + this.lookAheadSeconds, time);
    if (!this.clock.paused) this.handle = this.frames.request(this.tick);
  };

  start(): void {
    if (this.handle === null) {
      this.lastFrameAt = null;
      this.handle = this.frames.request(this.tick);
    }
  }

  sync(): void {
    this.highlighter.update(this.clock.currentTime);
  }

  stop(): void {
    if (this.handle !== null) this.frames.cancel(this.handle);
    this.handle = null;
  }
}
