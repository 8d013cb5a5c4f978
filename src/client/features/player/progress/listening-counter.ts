import { randomUuid } from '#client/lib/random-uuid';

/**
 * Counts the time a learner actually listened (decision 033) from the audio's own clock: each
 * `timeupdate` adds the media time played since the previous one, divided by the playback rate,
 * so the total is wall-clock listening time at any speed. A seek is not listening: it only moves
 * the baseline, and so does any jump too large to have been played (a seek whose event was
 * missed, a source change). A stall adds nothing, since the media clock does not move.
 */
export class ListeningCounter {
  /** The largest step between two `timeupdate`s that is still playback (browsers send ~4 a second). */
  static readonly MAX_STEP_SECONDS = 5;

  #total = 0;
  #last: number | null = null;

  /** Seconds listened so far, wall-clock. */
  get total(): number {
    return this.#total;
  }

  /** The audio's position while it plays (`timeupdate`). */
  played(currentTime: number, playbackRate: number): void {
    const last = this.#last;
    this.#last = currentTime;
    if (last === null || !(playbackRate > 0)) return;
    const step = currentTime - last;
    if (step <= 0 || step > ListeningCounter.MAX_STEP_SECONDS * playbackRate) return;
    this.#total += step / playbackRate;
  }

  /** Playback stopped or the position moved without playing (pause, seeking, end, rewind). */
  interrupted(): void {
    this.#last = null;
  }
}

/** Made once per player visit of a chapter. */
export const newListeningSessionId = (): string => randomUuid();
