import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transcriptSchema } from '#shared/transcript';
import { looksLikeTranscript } from './transcript-shape';

const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof(arbitrary, fc.constant(undefined), fc.constant(null), fc.constant(''), fc.integer());
const time = fc.oneof(fc.double({ noNaN: false }), fc.nat(), fc.constant(-1), fc.string());
const word = fc.record(
  {
    id: maybe(fc.string()),
    text: maybe(fc.string()),
    start: time,
    end: time,
    gloss: maybe(fc.string()),
  },
  { requiredKeys: [] },
);
const segment = fc.record(
  {
    id: maybe(fc.string()),
    start: time,
    end: time,
    text: maybe(fc.string()),
    translation: maybe(fc.string()),
    words: fc.oneof(fc.array(word, { maxLength: 4 }), fc.constant(null)),
  },
  { requiredKeys: [] },
);
const candidate = fc.oneof(
  fc.record({ segments: fc.array(segment, { maxLength: 4 }) }),
  fc.anything(),
);

// Mostly valid transcripts, so that the acceptance side is exercised as well.
const validWord = fc.record({
  id: fc.string({ minLength: 1 }),
  text: fc.string({ minLength: 1 }),
  start: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
  end: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
  gloss: fc.option(fc.string(), { nil: undefined }),
});
const validSegment = fc.record({
  id: fc.string({ minLength: 1 }),
  start: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
  end: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
  text: fc.string(),
  translation: fc.option(fc.string(), { nil: undefined }),
  words: fc.array(validWord, { maxLength: 4 }),
});

describe('quick transcript check', () => {
  it('never accepts what the transcript schema refuses', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        if (looksLikeTranscript(value))
          expect(transcriptSchema.safeParse(value).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the schema on well-formed transcripts', () => {
    fc.assert(
      fc.property(fc.record({ segments: fc.array(validSegment, { maxLength: 4 }) }), (value) => {
        expect(looksLikeTranscript(value)).toBe(transcriptSchema.safeParse(value).success);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts a valid transcript as it is', () => {
    const transcript = {
      segments: [
        {
          id: 's1',
          start: 0,
          end: 1.5,
          text: 'Hola.',
          translation: 'Hello.',
          words: [{ id: 'w1', text: 'Hola', start: 0, end: 0.8, gloss: 'hello' }],
        },
        { id: 's2', start: 2, end: 3, text: '', words: [] },
      ],
    };
    expect(looksLikeTranscript(transcript)).toBe(true);
    expect(transcriptSchema.safeParse(transcript).success).toBe(true);
  });

  it.each([
    ['no segments', {}],
    [
      'a word without id',
      {
        segments: [
          { id: 's', start: 0, end: 1, text: 'x', words: [{ text: 'x', start: 0, end: 1 }] },
        ],
      },
    ],
    ['a negative time', { segments: [{ id: 's', start: -1, end: 1, text: 'x', words: [] }] }],
    ['an HTML page', '<!doctype html><html></html>'],
  ])('refuses %s', (_name, value) => {
    expect(looksLikeTranscript(value)).toBe(false);
  });
});
