/**
 * How long a person would take to do what the making run's robot did in the studio. The robot
 * presses keys in milliseconds; a person listens, reads, decides and types. Its minutes are an
 * estimate from this model, not a measurement of anyone.
 */

export const EFFORT_MODEL = {
  /** Each sentence review mode shows is heard once, whole (it plays on arrival). */
  listensToEachSentenceOnce: true,
  /** To read what is shown, decide, and press the key (or click). */
  secondsPerDecision: 1.5,
  /** Typing a translation or a gloss. */
  charactersPerMinute: 200,
} as const;

export const EFFORT_MODEL_TEXT =
  `each sentence shown heard once (its length in the recording) + ` +
  `${EFFORT_MODEL.secondsPerDecision} s per decision (a key press or a click) + ` +
  `typing at ${EFFORT_MODEL.charactersPerMinute} characters a minute; ` +
  'waiting for the machine (alignment, translation) is measured and counted apart';

export interface Effort {
  /** Seconds of the recording heard (the sentences shown). */
  listened: number;
  decisions: number;
  typed: number;
}

/** The seconds a person spends by EFFORT_MODEL: listening, deciding, typing, and in all. */
export function estimate(effort: Effort) {
  const listening = effort.listened;
  const deciding = effort.decisions * EFFORT_MODEL.secondsPerDecision;
  const typing = (effort.typed / EFFORT_MODEL.charactersPerMinute) * 60;
  return { listening, deciding, typing, total: listening + deciding + typing };
}

export type Estimate = ReturnType<typeof estimate>;
