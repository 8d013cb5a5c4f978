/** How far aligned times are from the true ones (the evaluation set's truth, eval-set.ts). */
import type { Transcript } from '#shared/transcript';
import type { EvalTruth } from '../../scripts/alignment/eval-set.ts';

export interface TimingErrors {
  /** |aligned − true| word starts, ms, for every word whose true start is known. */
  wordMs: number[];
  /** |aligned − true| sentence starts, ms (a sentence starts with its first word). */
  sentenceMs: number[];
}

export const noErrors = (): TimingErrors => ({ wordMs: [], sentenceMs: [] });

export function addErrors(into: TimingErrors, from: TimingErrors): void {
  into.wordMs.push(...from.wordMs);
  into.sentenceMs.push(...from.sentenceMs);
}

/** What a refused recording scores: every known time missed. */
export function missedEverything(truth: EvalTruth): TimingErrors {
  return {
    wordMs: truth.segments.flatMap((s) =>
      s.words.filter((w) => w.start !== null).map(() => Infinity),
    ),
    sentenceMs: truth.segments.filter((s) => s.start !== null).map(() => Infinity),
  };
}

/**
 * Compares an aligned transcript with the truth of the same text: both come from the same text
 * by the same rules, so sentences and words correspond one for one (checked). `shiftSeconds` is
 * added to the truth (a recording placed later in a longer one).
 */
export function timingErrors(
  aligned: Transcript,
  truth: EvalTruth,
  shiftSeconds = 0,
): TimingErrors {
  if (aligned.segments.length !== truth.segments.length) {
    throw new Error(
      `aligned ${aligned.segments.length} sentences, the truth has ${truth.segments.length}`,
    );
  }
  const errors = noErrors();
  const ms = (aligned: number, trueStart: number) =>
    Math.abs(aligned - (trueStart + shiftSeconds)) * 1000;
  truth.segments.forEach((segment, s) => {
    const alignedSegment = aligned.segments[s]!;
    if (alignedSegment.words.length !== segment.words.length) {
      throw new Error(
        `sentence ${s + 1}: aligned ${alignedSegment.words.length} words, the truth has ${segment.words.length}`,
      );
    }
    if (segment.start !== null) errors.sentenceMs.push(ms(alignedSegment.start, segment.start));
    segment.words.forEach((word, w) => {
      const alignedWord = alignedSegment.words[w]!;
      if (alignedWord.text !== word.text) {
        throw new Error(
          `sentence ${s + 1} word ${w + 1}: aligned "${alignedWord.text}", the truth has "${word.text}"`,
        );
      }
      if (word.start !== null) errors.wordMs.push(ms(alignedWord.start, word.start));
    });
  });
  return errors;
}

/** The p-quantile by nearest rank (p90 of 10 values is the 9th smallest). */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => (a === b ? 0 : a < b ? -1 : 1));
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export interface AccuracyFigures {
  words: number;
  sentences: number;
  wordMedianMs: number;
  wordP90Ms: number;
  sentenceP95Ms: number;
  sentenceMaxMs: number;
}

export function accuracyFigures(errors: TimingErrors): AccuracyFigures {
  return {
    words: errors.wordMs.length,
    sentences: errors.sentenceMs.length,
    wordMedianMs: quantile(errors.wordMs, 0.5),
    wordP90Ms: quantile(errors.wordMs, 0.9),
    sentenceP95Ms: quantile(errors.sentenceMs, 0.95),
    sentenceMaxMs: quantile(errors.sentenceMs, 1),
  };
}
