import { transcriptSchema, type Transcript, type TranscriptSegment } from './transcript.ts';

/** Each legacy segment lasts this long from its own start (spec). */
export const LEGACY_SEGMENT_SECONDS = 3;
/** Word times are spread evenly, never shorter than this (spec). */
export const MIN_WORD_SECONDS = 0.1;
/** The placeholder shown when a transcript is missing or invalid (spec: one segment of 300 s). */
export const FALLBACK_TRANSCRIPT_SECONDS = 300;

export class InvalidTranscriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTranscriptError';
  }
}

const TIMESTAMP_LINE = /^\s*\[?(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,3}))?\]?\s*(.*)$/;

/** Text that is an HTML page (an error page served instead of a file) or empty is not a transcript. */
export function looksInvalid(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  return /^<!doctype html|^<html[\s>]|<\/html>\s*$|<body[\s>]/i.test(trimmed);
}

function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

/** Spreads a segment's words evenly over its time, each at least MIN_WORD_SECONDS long. */
export function spreadWords(segmentId: string, text: string, start: number, end: number) {
  const words = splitWords(text);
  const step = words.length > 0 ? Math.max(MIN_WORD_SECONDS, (end - start) / words.length) : 0;
  return words.map((word, index) => ({
    id: `${segmentId}w${index + 1}`,
    text: word,
    start: round(start + index * step),
    end: round(start + (index + 1) * step),
  }));
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Legacy transcripts: lines starting with HH:MM:SS, each segment lasting 3 s from its start. */
export function parseLegacyTranscript(text: string): Transcript {
  const segments: TranscriptSegment[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = TIMESTAMP_LINE.exec(line);
    if (!match) {
      // A line without a timestamp continues the previous segment's text.
      const previous = segments.at(-1);
      if (previous && line.trim()) previous.text = `${previous.text} ${line.trim()}`;
      continue;
    }
    const [, hours, minutes, seconds, fraction, rest] = match;
    const start =
      Number(hours) * 3600 +
      Number(minutes) * 60 +
      Number(seconds) +
      (fraction ? Number(`0.${fraction}`) : 0);
    const id = `s${segments.length + 1}`;
    segments.push({
      id,
      start,
      end: start + LEGACY_SEGMENT_SECONDS,
      text: (rest ?? '').trim(),
      words: [],
    });
  }
  const withText = segments.filter((segment) => segment.text !== '');
  if (withText.length === 0) throw new InvalidTranscriptError('No timestamped lines found');
  return {
    segments: withText.map((segment) => ({
      ...segment,
      words: spreadWords(segment.id, segment.text, segment.start, segment.end),
    })),
  };
}

/**
 * Any transcript file we accept: the JSON format, or legacy text with timestamp lines. Throws
 * InvalidTranscriptError for empty text, an HTML page, or anything else.
 */
export function parseTranscript(raw: string): Transcript {
  if (looksInvalid(raw))
    throw new InvalidTranscriptError('Transcript text is empty or an HTML page');
  const trimmed = raw.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch {
      throw new InvalidTranscriptError('Transcript JSON is malformed');
    }
    const parsed = transcriptSchema.safeParse(Array.isArray(data) ? { segments: data } : data);
    if (!parsed.success)
      throw new InvalidTranscriptError('Transcript JSON does not have the expected shape');
    return {
      segments: parsed.data.segments.map((segment) =>
        segment.words.length > 0
          ? segment
          : {
              ...segment,
              words: spreadWords(segment.id, segment.text, segment.start, segment.end),
            },
      ),
    };
  }
  return parseLegacyTranscript(raw);
}

/** The spec's stand-in when a transcript is missing: one segment of 300 s. */
export function fallbackTranscript(text = 'Transcript unavailable'): Transcript {
  return {
    segments: [{ id: 'fallback', start: 0, end: FALLBACK_TRANSCRIPT_SECONDS, text, words: [] }],
  };
}
