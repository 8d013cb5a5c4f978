/**
 * A short tune that opens a chapter's recording, as many podcasts and audiobooks open (decision
 * 049): a few plucked notes, synthesised here from sine partials so that no sample library or
 * sound program is needed and two runs give the same samples.
 */

/** A note (`E5`, `F#4`, `Bb3`), a chord (`C5+E5+G5`) or `rest`, then `/` and its length in beats. */
export type TuneStep = string;

export interface Tune {
  /** Beats per minute. */
  bpm: number;
  steps: readonly TuneStep[];
}

const NOTE_PATTERN = /^([A-G])([#b]?)(\d)$/;
const SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** Frequency in Hz of a note name in scientific pitch notation (A4 = 440 Hz). */
export function noteFrequency(note: string): number {
  const match = NOTE_PATTERN.exec(note);
  if (!match) throw new RangeError(`"${note}" is not a note (C4, F#5, Bb3…)`);
  const [, letter, accidental, octave] = match;
  const shift = accidental === '#' ? 1 : accidental === 'b' ? -1 : 0;
  const midi = 12 * (Number(octave) + 1) + SEMITONES[letter!]! + shift;
  return 440 * 2 ** ((midi - 69) / 12);
}

interface ParsedStep {
  frequencies: number[];
  beats: number;
}

function parseStep(step: TuneStep): ParsedStep {
  const [notes = '', length = ''] = step.split('/');
  const beats = Number(length);
  if (!(beats > 0)) throw new RangeError(`"${step}" has no length in beats (E5/1, rest/0.5)`);
  return { frequencies: notes === 'rest' ? [] : notes.split('+').map(noteFrequency), beats };
}

/**
 * Partials of a plucked, marimba-like tone: relative frequency, loudness and how fast each fades
 * (seconds for the level to fall to 1/e). Higher partials fade sooner, which is what makes a pluck.
 */
const PARTIALS = [
  { ratio: 1, level: 1, decay: 0.55 },
  { ratio: 2, level: 0.35, decay: 0.25 },
  { ratio: 3, level: 0.12, decay: 0.12 },
  { ratio: 4.2, level: 0.06, decay: 0.06 },
];
const ATTACK_SECONDS = 0.008;
/** How long a note rings past its written length (the last one rings this long after the end). */
const RING_SECONDS = 1.2;

/**
 * The tune as 16-bit mono samples: each note rings on under the next, the last one fades out.
 * `peak` is the loudest sample as a fraction of full scale.
 */
export function synthesizeTune(tune: Tune, sampleRate: number, peak: number): Int16Array {
  const beatSeconds = 60 / tune.bpm;
  const steps = tune.steps.map(parseStep);
  const lengthSeconds = steps.reduce((sum, step) => sum + step.beats * beatSeconds, 0);
  const mix = new Float64Array(Math.ceil((lengthSeconds + RING_SECONDS) * sampleRate));
  let at = 0;
  for (const step of steps) {
    const ring = step.beats * beatSeconds + RING_SECONDS;
    const count = Math.min(Math.ceil(ring * sampleRate), mix.length - at);
    for (const frequency of step.frequencies) {
      for (let i = 0; i < count; i++) {
        const t = i / sampleRate;
        const attack = Math.min(1, t / ATTACK_SECONDS);
        // A short linear fade at the very end, so that no note stops with a click.
        const release = Math.min(1, (count - i) / (0.05 * sampleRate));
        let value = 0;
        for (const partial of PARTIALS) {
          value +=
            partial.level *
            Math.exp(-t / partial.decay) *
            Math.sin(2 * Math.PI * frequency * partial.ratio * t);
        }
        mix[at + i]! += value * attack * release;
      }
    }
    at += Math.round(step.beats * beatSeconds * sampleRate);
  }
  let loudest = 0;
  for (const value of mix) loudest = Math.max(loudest, Math.abs(value));
  const scale = loudest > 0 ? (peak * 32767) / loudest : 0;
  return Int16Array.from(mix, (value) => Math.round(value * scale));
}
