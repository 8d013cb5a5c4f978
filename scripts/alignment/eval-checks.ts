/**
 * A check of the truth against the sound itself: where a sentence follows a pause, speech should
 * begin at its true start. Rubber Band's latency, an encoder's delay or a misplaced join would show
 * here as an offset; the build prints these figures and refuses to write a set whose truth drifts.
 */
import type { EvalTruth } from './eval-set.ts';
import type { Pcm } from './eval-audio.ts';

export interface OnsetAgreement {
  sentences: number;
  medianMs: number;
  p95Ms: number;
}

export function onsetAgreement({ samples, sampleRate }: Pcm, truth: EvalTruth): OnsetAgreement {
  const hop = Math.round(sampleRate * 0.005);
  const levels = new Float64Array(Math.floor(samples.length / hop));
  for (let f = 0; f < levels.length; f++) {
    let sum = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) sum += samples[i]! ** 2;
    levels[f] = sum / hop;
  }
  const loudest = levels.reduce((a, b) => Math.max(a, b), 0);
  const threshold = loudest * 1e-4; // −40 dB
  const errors: number[] = [];
  for (const segment of truth.segments) {
    if (segment.start === null) continue;
    const at = Math.round((segment.start * sampleRate) / hop);
    // Only sentences after at least 200 ms of silence: there the onset is unambiguous.
    const quietBefore = levels.slice(Math.max(0, at - 60), Math.max(0, at - 20));
    if (quietBefore.length < 40 || quietBefore.some((level) => level >= threshold)) continue;
    let onset = at - 20;
    while (onset < at + 40 && (levels[onset] ?? 0) < threshold) onset++;
    errors.push(Math.abs(onset - at) * 5);
  }
  errors.sort((a, b) => a - b);
  const q = (p: number) => errors[Math.min(errors.length - 1, Math.floor(p * errors.length))] ?? 0;
  return { sentences: errors.length, medianMs: q(0.5), p95Ms: q(0.95) };
}
