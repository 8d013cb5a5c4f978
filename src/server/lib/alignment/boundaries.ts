/**
 * Boundaries moved onto the recording's own evidence. Warping on spectra is blurred by the
 * difference between eSpeak and a person by tens of milliseconds, but a word after a pause starts
 * where the silence ends, which the recording shows to a few milliseconds; a sentence ends where
 * its sound stops.
 */
import { FRAME_SECONDS } from './features.ts';
import { exactOffset, exactOnset } from './onsets.ts';
import { envelope, nearestRise, rises } from './rises.ts';
import { levelsAt, type Pause, type SpeechActivity } from './vad.ts';

export interface RecordingEvidence {
  samples: Float32Array | Int16Array;
  sampleRate: number;
  activity: SpeechActivity;
  /** Silences long enough to be a pause between phrases, in order. */
  pauses: Pause[];
}

/** How far a sentence start may move onto a pause's end. */
export const SENTENCE_SNAP_SECONDS = 0.4;
/** How far a word after a comma may move onto a pause's end. */
export const WORD_SNAP_SECONDS = 0.2;
/** How far a sentence end may move onto a pause's start. */
export const END_SNAP_SECONDS = 0.3;

function nearest(
  pauses: Pause[],
  edge: (p: Pause) => number,
  frame: number,
  reach: number,
): Pause | undefined {
  let best: Pause | undefined;
  let bestDistance = reach;
  for (const pause of pauses) {
    const distance = Math.abs(edge(pause) - frame);
    if (distance <= bestDistance) {
      best = pause;
      bestDistance = distance;
    }
    if (edge(pause) > frame + reach) break;
  }
  return best;
}

/** The exact end (seconds) of the pause nearest to `seconds`, within `reach`; else null. */
export function snapToPauseEnd(
  evidence: RecordingEvidence,
  seconds: number,
  reach: number,
): number | null {
  const pause = nearest(
    evidence.pauses,
    (p) => p.end,
    seconds / FRAME_SECONDS,
    reach / FRAME_SECONDS,
  );
  if (!pause || pause.end >= evidence.activity.speech.length) return null;
  const { thresholdDb, onsetDb } = levelsAt(evidence.activity, pause.end);
  return exactOnset(evidence.samples, evidence.sampleRate, pause.end, thresholdDb, onsetDb);
}

/** The exact start (seconds) of the pause nearest to `seconds`, within `reach`; else null. */
export function snapToPauseStart(
  evidence: RecordingEvidence,
  seconds: number,
  reach: number,
): number | null {
  const pause = nearest(
    evidence.pauses,
    (p) => p.start,
    seconds / FRAME_SECONDS,
    reach / FRAME_SECONDS,
  );
  if (!pause || pause.start === 0) return null;
  const { thresholdDb } = levelsAt(evidence.activity, pause.start);
  return exactOffset(evidence.samples, evidence.sampleRate, pause.start, thresholdDb);
}

/** How far from where the path put it a word's rise out of a deep dip is looked for. */
export const RISE_SNAP_SECONDS = 0.08;
/**
 * Only a deep dip in the recording is a word's mark: noise and reverberation fill shallow ones with
 * dips that are not there in the voice (measured: 6 dB made reverberant words worse, 15 dB did not).
 */
const RECORDING_DIP_DB = 15;
/**
 * How far a word start may move onto a silence the text does not explain. A narrator who says
 * words one by one (or a chain of recorded prompts) leaves a short silence before each, where
 * eSpeak runs on; the spectra of a long citation word and of the next word's start blur, and the
 * path can be off by half a second, but the silence says where the word starts.
 */
const UNEXPLAINED_SILENCE_SNAP_SECONDS = 0.6;
/**
 * A recording's silence this close to one of eSpeak's own is explained by the text. Tight, because
 * where the path is off, eSpeak's silences land off too and one may fall near the narrator's
 * (a word chain's word p90: 87 ms at 0.06 s, 22 ms at 0.035 s; the noisy condition 31 → 36 ms).
 */
const EXPLAINED_SECONDS = 0.035;

/**
 * Where a word starts in the recording, or null: the nearest rise out of a silence that the text
 * does not explain (`explained`: eSpeak's own dips carried onto the recording), else, for a word
 * that starts with a rise in eSpeak's voice too (`eSpeakRises`), the nearest rise out of a deep dip
 * within RISE_SNAP_SECONDS. Only rises inside (after, before) count: words keep their order, and
 * a word never moves onto the pause after its sentence.
 */
export function snapToRise(
  evidence: RecordingEvidence,
  seconds: number,
  [after, before]: [number, number],
  explained: readonly number[],
  eSpeakRises = true,
): number | null {
  const reach = UNEXPLAINED_SILENCE_SNAP_SECONDS;
  const found = rises(
    envelope(evidence.samples, evidence.sampleRate, seconds - reach - 0.2, seconds + reach + 0.2),
    RECORDING_DIP_DB,
  ).filter((rise) => rise.seconds > after && rise.seconds < before);
  const unexplained = found.filter(
    (rise) =>
      rise.bottomDb < levelsAt(evidence.activity, rise.seconds / FRAME_SECONDS).onsetDb &&
      !explained.some((e) => Math.abs(e - rise.seconds) < EXPLAINED_SECONDS),
  );
  return (
    nearestRise(unexplained, seconds, reach)?.seconds ??
    (eSpeakRises ? nearestRise(found, seconds, RISE_SNAP_SECONDS)?.seconds : null) ??
    null
  );
}
