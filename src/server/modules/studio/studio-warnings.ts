import { formatClock, formatDuration } from '#shared/format';
import type { Transcript } from '#shared/transcript';

/** A transcript ending this long before its recording probably lacks text at the end. */
export const ENDING_GAP_WARNING_SECONDS = 5;
/** Rounding of times and of the measured length: a transcript this far past the end is fine. */
const PAST_END_TOLERANCE_SECONDS = 0.05;

export interface WarningFacts {
  transcript: Transcript | null;
  /** Null when the chapter has no recording. */
  audioSeconds: number | null;
  /** Why the recording could not be read or measured, when it could not. */
  audioProblem?: string;
  /** Why the transcript file could not be read, when it could not. */
  transcriptProblem?: string;
}

const lastEnd = (transcript: Transcript) =>
  transcript.segments.reduce(
    (end, segment) => Math.max(end, segment.end, ...segment.words.map((word) => word.end)),
    0,
  );

/** What a learner would meet in this chapter, said before it is published. */
export function studioWarnings(facts: WarningFacts): string[] {
  const { transcript, audioSeconds } = facts;
  const warnings: string[] = [];
  if (audioSeconds === null) {
    warnings.push('This chapter has no recording yet: upload one, then align it with its text.');
  }
  if (facts.audioProblem) warnings.push(`The recording could not be read: ${facts.audioProblem}`);
  if (facts.transcriptProblem) {
    warnings.push(`The transcript could not be read: ${facts.transcriptProblem}`);
  }
  if (!transcript || transcript.segments.length === 0) {
    if (!facts.transcriptProblem) {
      warnings.push('This chapter has no transcript yet: align its recording with its text.');
    }
    return warnings;
  }
  if (audioSeconds === null || facts.audioProblem) return warnings;
  const end = lastEnd(transcript);
  if (end > audioSeconds + PAST_END_TOLERANCE_SECONDS) {
    // Both as places in the recording: a length rounded up could read past the end it is under.
    warnings.push(
      `The transcript runs past the end of the recording (${formatClock(end)} of ${formatClock(audioSeconds)}): its last words would never be highlighted.`,
    );
  } else if (audioSeconds - end >= ENDING_GAP_WARNING_SECONDS) {
    warnings.push(
      `The transcript ends at ${formatClock(end)}, ${Math.round(audioSeconds - end)} s before the recording does (${formatDuration(audioSeconds)}): is text missing at the end?`,
    );
  }
  return warnings;
}
