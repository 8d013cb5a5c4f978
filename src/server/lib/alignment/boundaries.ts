/**
 * Boundaries moved onto the recording's own evidence. Warping on spectra is blurred by the
 * difference between eSpeak and a person by tens of milliseconds, but a word after a pause starts
 * where the silence ends, which the recording shows to a few milliseconds; a sentence ends where
 * its sound stops.
 */
import { FRAME_SECONDS } from './features.ts';
import { exactOffset, exactOnset } from './onsets.ts';
import { envelope, nearestRise, rises } from './rises.ts';
import type { Pause, SpeechActivity } from './vad.ts';

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
  return exactOnset(
    evidence.samples,
    evidence.sampleRate,
    pause.end,
    evidence.activity.thresholdDb,
    evidence.activity.onsetDb,
  );
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
  return exactOffset(
    evidence.samples,
    evidence.sampleRate,
    pause.start,
    evidence.activity.thresholdDb,
  );
}

/** How far from where the path put it a word's rise is looked for. */
export const RISE_SNAP_SECONDS = 0.08;
/**
 * Only a deep dip in the recording is a word's mark: noise and reverberation fill shallow ones with
 * dips that are not there in the voice (measured: 6 dB made reverberant words worse, 15 dB did not).
 */
const RECORDING_DIP_DB = 15;

/** The rise out of a dip nearest to `seconds` in the recording, within `reach`; else null. */
export function snapToRise(
  evidence: RecordingEvidence,
  seconds: number,
  reach: number,
): number | null {
  const env = envelope(
    evidence.samples,
    evidence.sampleRate,
    seconds - reach - 0.1,
    seconds + reach + 0.1,
  );
  return nearestRise(rises(env, RECORDING_DIP_DB), seconds, reach)?.seconds ?? null;
}
