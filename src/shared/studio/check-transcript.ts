import { parseTranscript } from '../transcript-parse.ts';
import { transcriptSchema, type Transcript } from '../transcript.ts';

/** One problem: where (a JSON pointer into the transcript, `/segments/2/words/0/start`) and what. */
export interface TranscriptProblem {
  path: string;
  message: string;
}

export interface TimedTranscriptCheck {
  /** The audio's length: every time must fall inside it. Unknown: not checked. */
  durationSeconds?: number;
}

/** Rounding of times to the millisecond may leave this much overlap; it is no overlap. */
const TOLERANCE_SECONDS = 0.0005;

const seconds = (value: number) => `${value.toFixed(3)} s`;

/**
 * Everything a timed transcript must satisfy before it is saved for learners, in words an
 * administrator can act on (empty when it is fine):
 * - the player's parser (`parseTranscript`) and the schema accept it;
 * - ids are unique; every sentence has words, and each word is in its sentence's text, in order;
 * - times are numbers ≥ 0, a start never after its end; sentences follow each other without
 *   overlapping; each word lies inside its sentence and after the word before it;
 * - with the audio's duration, nothing ends after the audio does.
 */
export function checkTimedTranscript(
  transcript: Transcript,
  options: TimedTranscriptCheck = {},
): TranscriptProblem[] {
  const problems: TranscriptProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });

  const parsed = transcriptSchema.safeParse(transcript);
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 20)) {
      problem(`/${issue.path.join('/')}`, `The transcript is malformed here: ${issue.message}`);
    }
    return problems;
  }
  try {
    parseTranscript(JSON.stringify(transcript));
  } catch (error) {
    problem('', `The player would refuse this transcript: ${(error as Error).message}`);
    return problems;
  }
  if (transcript.segments.length === 0) problem('/segments', 'The transcript has no sentences.');

  const seen = new Map<string, string>();
  const unique = (id: string, path: string) => {
    const first = seen.get(id);
    if (first !== undefined)
      problem(`${path}/id`, `The id "${id}" is used twice (also at ${first}).`);
    else seen.set(id, path);
  };
  const { durationSeconds } = options;
  let previous: { id: string; end: number } | undefined;

  transcript.segments.forEach((segment, s) => {
    const at = `/segments/${s}`;
    const name = `Sentence ${s + 1} (${segment.id})`;
    unique(segment.id, at);
    if (segment.start > segment.end) {
      problem(
        `${at}/start`,
        `${name} starts after it ends (${seconds(segment.start)} > ${seconds(segment.end)}).`,
      );
    }
    if (previous && segment.start < previous.end - TOLERANCE_SECONDS) {
      problem(
        `${at}/start`,
        `${name} starts at ${seconds(segment.start)}, before sentence ${s} (${previous.id}) ends at ${seconds(previous.end)}.`,
      );
    }
    if (durationSeconds !== undefined && segment.end > durationSeconds + TOLERANCE_SECONDS) {
      problem(
        `${at}/end`,
        `${name} ends at ${seconds(segment.end)}, after the audio's end at ${seconds(durationSeconds)}.`,
      );
    }
    previous = { id: segment.id, end: segment.end };
    if (segment.words.length === 0) problem(`${at}/words`, `${name} has no words.`);

    let textFrom = 0;
    let previousWordEnd = segment.start;
    segment.words.forEach((word, w) => {
      const wordAt = `${at}/words/${w}`;
      const wordName = `Word ${w + 1} of sentence ${s + 1} ("${word.text}", ${word.id})`;
      unique(word.id, wordAt);
      const found = segment.text.indexOf(word.text, textFrom);
      if (found < 0) {
        problem(
          `${wordAt}/text`,
          `${wordName} is not in the sentence's text "${segment.text}" at that place.`,
        );
      } else {
        textFrom = found + word.text.length;
      }
      if (word.start > word.end) {
        problem(
          `${wordAt}/start`,
          `${wordName} starts after it ends (${seconds(word.start)} > ${seconds(word.end)}).`,
        );
      }
      if (
        word.start < segment.start - TOLERANCE_SECONDS ||
        word.end > segment.end + TOLERANCE_SECONDS
      ) {
        problem(
          `${wordAt}/start`,
          `${wordName} (${seconds(word.start)}–${seconds(word.end)}) lies outside its sentence (${seconds(segment.start)}–${seconds(segment.end)}).`,
        );
      } else if (w > 0 && word.start < previousWordEnd - TOLERANCE_SECONDS) {
        problem(
          `${wordAt}/start`,
          `${wordName} starts at ${seconds(word.start)}, before the word before it ends at ${seconds(previousWordEnd)}.`,
        );
      }
      previousWordEnd = Math.max(previousWordEnd, word.end);
    });
  });
  return problems;
}
