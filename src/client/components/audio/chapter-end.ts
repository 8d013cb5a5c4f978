import { useEffect, useEffectEvent } from 'react';

/**
 * The one owner of a chapter's end. An audio element's `ended` event is heard by one listener,
 * which runs the steps that subscribed to it in this order, whatever the order they subscribed in:
 *
 * 1. `completion`   the player saves the chapter as listened to the end (at its duration, so it
 *                   must come before the rewind);
 * 2. `assist`       the listening assist lets go of the line it held (a slow replay gives the
 *                   learner's speed back, a shadowing pause is cancelled, its status is cleared);
 * 3. `sleep-timer`  a timer set to the end of the chapter gives the volume back, turns itself off,
 *                   says so (after the assist cleared its status) and stops the listening here;
 * 4. `rewind`       the audio goes back to 0 (the spec);
 * 5. `next-chapter` the player starts the next chapter, unless a step before stopped the
 *                   listening.
 *
 * Each step has one owner per audio element. Listeners that only follow the audio's state (the
 * highlight, the play button, the listening report) hear `ended` themselves: nothing they do
 * depends on another listener having run.
 */
export const CHAPTER_END_STEPS = [
  'completion',
  'assist',
  'sleep-timer',
  'rewind',
  'next-chapter',
] as const;
export type ChapterEndStep = (typeof CHAPTER_END_STEPS)[number];

/** What each step sees of the end being handled. */
export interface ChapterEnd {
  readonly audio: HTMLAudioElement;
  /** Whether a step before stopped the listening here. */
  readonly stopped: boolean;
  /** The listening stops at this end: the next chapter does not start by itself. */
  stop(): void;
}

export type ChapterEndHandler = (end: ChapterEnd) => void;

interface Owner {
  steps: Map<ChapterEndStep, ChapterEndHandler>;
  release(): void;
}

const owners = new WeakMap<HTMLAudioElement, Owner>();

function runSteps(audio: HTMLAudioElement, steps: ReadonlyMap<ChapterEndStep, ChapterEndHandler>) {
  let stopped = false;
  const end: ChapterEnd = {
    audio,
    get stopped() {
      return stopped;
    },
    stop() {
      stopped = true;
    },
  };
  // The handlers as they were when the audio ended: a step that subscribes again meanwhile (a
  // re-render) neither runs twice nor is skipped.
  const handlers = CHAPTER_END_STEPS.flatMap((step) => steps.get(step) ?? []);
  // One step's failure must not keep the later ones (the rewind, the sleep timer) from running;
  // the first failure is thrown after them, to the page's error reporting.
  let failure: { error: unknown } | null = null;
  for (const handler of handlers) {
    try {
      handler(end);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

function ownerOf(audio: HTMLAudioElement): Owner {
  const existing = owners.get(audio);
  if (existing) return existing;
  const steps = new Map<ChapterEndStep, ChapterEndHandler>();
  const onEnded = () => runSteps(audio, steps);
  audio.addEventListener('ended', onEnded);
  const owner: Owner = {
    steps,
    release() {
      audio.removeEventListener('ended', onEnded);
      owners.delete(audio);
    },
  };
  owners.set(audio, owner);
  return owner;
}

/**
 * Runs `handler` as `step` of this audio's chapter end until the returned function is called.
 * A step already taken on this audio is a mistake in the page (two owners of one job) and throws.
 */
export function onChapterEnd(
  audio: HTMLAudioElement,
  step: ChapterEndStep,
  handler: ChapterEndHandler,
): () => void {
  const owner = ownerOf(audio);
  if (owner.steps.has(step)) {
    throw new Error(`The chapter end's "${step}" step already has an owner on this audio.`);
  }
  owner.steps.set(step, handler);
  return () => {
    if (owner.steps.get(step) !== handler) return;
    owner.steps.delete(step);
    if (owner.steps.size === 0) owner.release();
  };
}

/**
 * `onChapterEnd` for a component: `handler` (its latest render's) runs as `step` while `enabled`
 * and the audio is there.
 */
export function useChapterEndStep(
  audio: HTMLAudioElement | null,
  step: ChapterEndStep,
  handler: ChapterEndHandler,
  enabled = true,
): void {
  const run = useEffectEvent(handler);
  useEffect(() => {
    if (!audio || !enabled) return;
    return onChapterEnd(audio, step, (end) => run(end));
  }, [audio, step, enabled]);
}

/** The `rewind` step: the audio goes back to 0 at the end of the chapter. */
export function useRewindAtChapterEnd(audio: HTMLAudioElement | null): void {
  useChapterEndStep(audio, 'rewind', (end) => {
    end.audio.currentTime = 0;
  });
}
