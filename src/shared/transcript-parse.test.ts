import { describe, expect, it } from 'vitest';
import {
  fallbackTranscript,
  InvalidTranscriptError,
  looksInvalid,
  parseLegacyTranscript,
  parseTranscript,
} from './transcript-parse.ts';

describe('legacy transcripts', () => {
  const legacy =
    '00:00:01 Hola, me llamo Ana.\n00:00:05 Vivo en Madrid con mi familia.\n\n00:01:02 Adiós';

  it('makes one segment per timestamp line lasting 3 s from its own start', () => {
    const { segments } = parseLegacyTranscript(legacy);
    expect(segments.map((s) => [s.start, s.end])).toEqual([
      [1, 4],
      [5, 8],
      [62, 65],
    ]);
    expect(segments[0]!.text).toBe('Hola, me llamo Ana.');
  });

  it('spreads word times evenly over the segment', () => {
    const [first] = parseLegacyTranscript(legacy).segments;
    expect(first!.words.map((w) => w.text)).toEqual(['Hola,', 'me', 'llamo', 'Ana.']);
    expect(first!.words.map((w) => w.start)).toEqual([1, 1.75, 2.5, 3.25]);
    expect(first!.words.at(-1)!.end).toBe(4);
  });

  it('keeps each word at least 0.1 s long', () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const [segment] = parseLegacyTranscript(`00:00:00 ${many}`).segments;
    expect(segment!.words[1]!.start - segment!.words[0]!.start).toBeCloseTo(0.1);
  });

  it('accepts bracketed stamps and fractions, and continues untimed lines', () => {
    const { segments } = parseLegacyTranscript('[00:00:02.5] Uno\ndos\n[00:00:04] tres');
    expect(segments[0]).toMatchObject({ start: 2.5, text: 'Uno dos' });
  });
});

describe('invalid transcripts', () => {
  it.each([
    '',
    '   \n',
    '<!DOCTYPE html><html><body>Not found</body></html>',
    '<html><head></head></html>',
  ])('detects %j', (text) => {
    expect(looksInvalid(text)).toBe(true);
    expect(() => parseTranscript(text)).toThrow(InvalidTranscriptError);
  });

  it('refuses text without timestamps and malformed JSON', () => {
    expect(() => parseTranscript('just some words')).toThrow(InvalidTranscriptError);
    expect(() => parseTranscript('{"segments": [')).toThrow(InvalidTranscriptError);
    expect(() => parseTranscript('{"nope": 1}')).toThrow(InvalidTranscriptError);
  });
});

describe('JSON transcripts', () => {
  it('parses the product format and fills missing words', () => {
    const transcript = parseTranscript(
      JSON.stringify({ segments: [{ id: 's1', start: 0, end: 2, text: 'Hola mundo', words: [] }] }),
    );
    expect(transcript.segments[0]!.words.map((w) => w.text)).toEqual(['Hola', 'mundo']);
  });

  it('offers a 300 s placeholder', () => {
    expect(fallbackTranscript().segments).toEqual([
      { id: 'fallback', start: 0, end: 300, text: 'Transcript unavailable', words: [] },
    ]);
  });
});
