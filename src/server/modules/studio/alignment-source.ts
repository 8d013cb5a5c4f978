import { hasSpanishWords } from '#shared/studio/chapter-text';
import { transcriptFromText } from '#shared/studio/plain-text';
import { untimedTranscript } from '#shared/studio/untimed-transcript';
import { InvalidTranscriptError } from '#shared/transcript-parse';
import type { Transcript } from '#shared/transcript';
import { badRequest } from '../../lib/errors.ts';
import { studioMessages } from './studio-messages.ts';

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
