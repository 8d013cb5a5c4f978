import { transcriptFromText } from '#shared/studio/plain-text';
import { untimedTranscript } from '#shared/studio/untimed-transcript';
import { InvalidTranscriptError } from '#shared/transcript-parse';
import type { Transcript } from '#shared/transcript';
import { badRequest } from '../../lib/errors.ts';
import { studioMessages } from './studio-messages.ts';

const hasLetter = /\p{L}/u;

/** Whether a transcript has a word the aligner can place (the engine refuses one without). */
const hasSpanishWords = (transcript: Transcript) =>
  transcript.segments.some((segment) => segment.words.some((word) => hasLetter.test(word.text)));

/**
 * What an alignment places, untimed (src/shared/studio): sentences and words of a plain text, or
 * of a transcript (its translations and glosses kept, its times cleared). Refused in words when
 * there is nothing in it to align.
 */
export function sentencesToAlign(source: { text: string } | { transcript: unknown }): Transcript {
  let transcript: Transcript;
  try {
    transcript =
      'text' in source ? transcriptFromText(source.text) : untimedTranscript(source.transcript);
  } catch (error) {
    if (error instanceof InvalidTranscriptError) throw badRequest(error.message);
    throw error;
  }
  if (!hasSpanishWords(transcript)) throw badRequest(studioMessages.noSpanishWords);
  return transcript;
}
