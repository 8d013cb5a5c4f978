import type { ChapterMissingPart } from '#shared/contracts/admin-stories';

/**
 * Why a chapter is left out of what learners see (decision 063), as the publish dialog and the
 * dashboard's chapter list say it.
 */
export const missingPartText: Record<ChapterMissingPart, string> = {
  audio: 'No audio yet',
  transcript: 'No transcript yet',
  'audio-and-transcript': 'No audio or transcript yet',
};

/**
 * The publish dialog's sentence about the chapters it leaves out: how many of the story's
 * chapters learners get, and why the others wait. Empty when none is left out.
 */
export function leftOutSentence(shown: number, leftOut: number): string {
  if (leftOut === 0) return '';
  if (shown === 0) {
    return leftOut === 1
      ? 'Its only chapter is left out until it has its audio and transcript: learners will see no chapter yet.'
      : `All ${leftOut} of its chapters are left out until they have their audio and transcript: learners will see no chapter yet.`;
  }
  const included = `Only ${shown} of its ${shown + leftOut} chapters ${shown === 1 ? 'is' : 'are'} included:`;
  return leftOut === 1
    ? `${included} the other is left out until it has its audio and transcript.`
    : `${included} the other ${leftOut} are left out until they have their audio and transcript.`;
}
