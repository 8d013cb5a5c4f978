import { checkTimedTranscript, type TranscriptProblem } from '#shared/studio/check-transcript';
import type { Transcript } from '#shared/transcript';
import { validationError } from '../../lib/errors.ts';
import { studioMessages } from './studio-messages.ts';

/** Problems the player would have with this transcript on a recording this long. */
export const findTimingProblems = (
  transcript: Transcript,
  audioSeconds: number,
): TranscriptProblem[] => checkTimedTranscript(transcript, { durationSeconds: audioSeconds });

/**
 * Refuses (400) a transcript an editor wants to save when the player could not play it on the
 * chapter's recording: every problem in words, each placed by a pointer into the request body
 * (`/transcript/segments/3/words/1/start`).
 */
export function checkSavedTranscript(transcript: Transcript, audioSeconds: number): void {
  const problems = findTimingProblems(transcript, audioSeconds);
  if (problems.length === 0) return;
  const issues = problems.map((problem) => ({
    path: `/transcript${problem.path}`,
    message: problem.message,
  }));
  throw validationError(
    problems.length === 1
      ? problems[0]!.message
      : `${studioMessages.invalidTranscript}: ${problems.length} problems, the first: ${problems[0]!.message}`,
    { context: 'body', issues },
  );
}
