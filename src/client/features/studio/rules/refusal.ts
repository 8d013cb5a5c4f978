import type { ErrorDetails } from '#shared/errors';
import type { Transcript } from '#shared/transcript';
import { isApiError } from '#client/lib/api-client';

export interface Refusal {
  message: string;
  /** One line per problem the server listed, each saying where it is ("Sentence 4, word 2 …"). */
  reasons: string[];
}

const ISSUE_PATH = /^(?:\/transcript)?\/segments\/(\d+)(?:\/words\/(\d+))?(?:\/(\w+))?/;

/**
 * Where a problem the server found sits, in the editor's words: "/transcript/segments/3/words/1"
 * → 'Sentence 4, word 2 “casa”'. Null for a path outside the transcript.
 */
export function issueLocation(path: string, transcript: Transcript | null): string | null {
  const match = ISSUE_PATH.exec(path);
  if (!match) return null;
  const segmentIndex = Number(match[1]);
  const sentence = `Sentence ${segmentIndex + 1}`;
  if (match[2] === undefined) return sentence;
  const wordIndex = Number(match[2]);
  const word = transcript?.segments[segmentIndex]?.words[wordIndex];
  return `${sentence}, word ${wordIndex + 1}${word ? ` “${word.text}”` : ''}`;
}

/**
 * A refused request in words: the server's message and the problems it listed, each placed in
 * the transcript; what the client cannot explain (no answer, a hidden failure) says so plainly.
 */
export function describeRefusal(error: unknown, transcript: Transcript | null): Refusal {
  if (!isApiError(error) || error.status === 0) {
    return {
      message: 'The server could not be reached. Check the connection and try again.',
      reasons: [],
    };
  }
  if (error.status >= 500 || error.code === 'INVALID_RESPONSE') {
    return {
      message: 'The server failed to do this. Try again in a moment.',
      reasons: [],
    };
  }
  const details = error.details as ErrorDetails | undefined;
  const reasons = (details?.issues ?? []).map((issue) => {
    const where = issueLocation(issue.path, transcript);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  if (details?.hint) reasons.push(details.hint);
  const unique = [...new Set(reasons)].filter((reason) => reason !== error.message);
  return { message: error.message, reasons: unique };
}
