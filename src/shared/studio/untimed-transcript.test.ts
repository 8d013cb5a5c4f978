import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidTranscriptError } from '../transcript-parse.ts';
import { transcriptSchema } from '../transcript.ts';
import { transcriptFromText } from './plain-text.ts';
import { transcriptFromFile, untimedTranscript } from './untimed-transcript.ts';

describe('transcriptFromText', () => {
  it('numbers sentences and words and leaves every time at 0', () => {
    const transcript = transcriptFromText('—Hola, Ana. ¿Qué tal?\n\n* * *\nBien.');
    expect(transcriptSchema.parse(transcript)).toEqual({
      segments: [
        {
          id: 's1',
          start: 0,
          end: 0,
          text: '—Hola, Ana.',
          words: [
            { id: 's1w1', text: 'Hola', start: 0, end: 0 },
            { id: 's1w2', text: 'Ana', start: 0, end: 0 },
          ],
        },
        {
          id: 's2',
          start: 0,
          end: 0,
          text: '¿Qué tal?',
          words: [
            { id: 's2w1', text: 'Qué', start: 0, end: 0 },
            { id: 's2w2', text: 'tal', start: 0, end: 0 },
          ],
        },
        {
          id: 's3',
          start: 0,
          end: 0,
          text: 'Bien.',
          words: [{ id: 's3w1', text: 'Bien', start: 0, end: 0 }],
        },
      ],
    });
  });

  it('gives no sentences for a text without words', () => {
    expect(transcriptFromText('… — !!').segments).toEqual([]);
  });

  it('finds the demo library’s words, as its build does', () => {
    const story = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../../content/stories/el-paraguas-rojo/story.json'),
        'utf8',
      ),
    ) as { chapters: { sentences: { text: string; words: { text: string }[] }[] }[] };
    for (const chapter of story.chapters) {
      // A line of dialogue may hold several sentences ("—Sí. ¿Y usted?"): compare the words.
      const transcript = transcriptFromText(chapter.sentences.map((s) => s.text).join('\n'));
      expect(transcript.segments.flatMap((s) => s.words.map((w) => w.text))).toEqual(
        chapter.sentences.flatMap((s) => s.words.map((w) => w.text)),
      );
    }
  });
});

describe('untimedTranscript', () => {
  const timed = {
    segments: [
      {
        id: 'a',
        start: 1.2,
        end: 2.5,
        text: 'Hola, Ana.',
        translation: 'Hello, Ana.',
        translationSource: 'human',
        confidence: 0.4,
        words: [
          {
            id: 'a1',
            text: 'Hola',
            start: 1.2,
            end: 1.6,
            gloss: 'hello',
            glossSource: 'machine',
            confidence: 0.9,
          },
          { id: 'a2', text: 'Ana', start: 1.7, end: 2.5, gloss: 'Ana' },
        ],
      },
    ],
  };

  it('clears times and confidences and keeps texts, translations, glosses, sources and ids', () => {
    expect(untimedTranscript(timed)).toEqual({
      segments: [
        {
          id: 'a',
          start: 0,
          end: 0,
          text: 'Hola, Ana.',
          translation: 'Hello, Ana.',
          translationSource: 'human',
          words: [
            { id: 'a1', text: 'Hola', start: 0, end: 0, gloss: 'hello', glossSource: 'machine' },
            { id: 'a2', text: 'Ana', start: 0, end: 0, gloss: 'Ana' },
          ],
        },
      ],
    });
  });

  it('accepts a file without any times, words or ids, as an array of sentences', () => {
    const transcript = untimedTranscript([
      { text: 'Buenos días.', translation: 'Good morning.' },
      { text: '   ' },
      { text: 'Adiós.', words: [{ text: 'Adiós', gloss: 'goodbye' }] },
    ]);
    expect(transcript.segments.map((s) => [s.id, s.text, s.translation])).toEqual([
      ['s1', 'Buenos días.', 'Good morning.'],
      ['s2', 'Adiós.', undefined],
    ]);
    expect(transcript.segments.flatMap((s) => s.words.map((w) => [w.id, w.text, w.gloss]))).toEqual(
      [
        ['s1w1', 'Buenos', undefined],
        ['s1w2', 'días', undefined],
        ['s2w1', 'Adiós', 'goodbye'],
      ],
    );
  });

  it('numbers afresh when ids repeat', () => {
    const transcript = untimedTranscript({
      segments: [
        { id: 'x', text: 'Uno.' },
        { id: 'x', text: 'Dos.' },
      ],
    });
    expect(transcript.segments.map((s) => s.id)).toEqual(['s1', 's2']);
  });

  it.each([
    [{ sentences: [] }, /expected shape \(segments: /],
    [{ segments: [{ words: [] }] }, /segments\[0\]\.text/],
    [
      { segments: [{ text: 'Hola', words: [{ text: ' ' }] }] },
      /segments\[0\]\.words\[0\]\.text: a word has no text/,
    ],
    ['hola', /expected shape/],
  ])('says what is wrong with %j', (data, message) => {
    expect(() => untimedTranscript(data)).toThrow(InvalidTranscriptError);
    expect(() => untimedTranscript(data)).toThrow(message);
  });
});

describe('transcriptFromFile', () => {
  it('reads JSON as a transcript and anything else as plain text', () => {
    expect(
      transcriptFromFile(`\uFEFF${JSON.stringify({ segments: [{ text: 'Hola.' }] })}`).segments[0]
        ?.text,
    ).toBe('Hola.');
    expect(transcriptFromFile('Hola. Adiós.\n').segments.map((s) => s.text)).toEqual([
      'Hola.',
      'Adiós.',
    ]);
    expect(() => transcriptFromFile('{ "segments": [ }')).toThrow(
      'The transcript file is not valid JSON',
    );
  });
});
