import { describe, expect, it } from 'vitest';
import { readAlignmentFile, UnreadableFileError } from './alignment-source';

describe('readAlignmentFile', () => {
  it('reads a .txt file as the text, exactly as written', () => {
    expect(readAlignmentFile('capitulo.TXT', '\uFEFFHola.\n\n¿Qué tal?\n')).toEqual({
      kind: 'text',
      text: 'Hola.\n\n¿Qué tal?\n',
    });
  });

  it('reads a timed transcript as sentences, keeping translations and glosses, not times', () => {
    const file = JSON.stringify({
      segments: [
        {
          id: 'a',
          start: 1,
          end: 2,
          text: 'Hola, Ana.',
          translation: 'Hello, Ana.',
          translationSource: 'human',
          words: [
            { id: 'a1', text: 'Hola', start: 1, end: 1.5, gloss: 'hello' },
            { id: 'a2', text: 'Ana', start: 1.5, end: 2, gloss: 'Ana (name)' },
          ],
        },
      ],
    });
    expect(readAlignmentFile('t.json', file)).toEqual({
      kind: 'transcript',
      translations: 1,
      glosses: 2,
      transcript: {
        segments: [
          {
            id: 'a',
            start: 0,
            end: 0,
            text: 'Hola, Ana.',
            translation: 'Hello, Ana.',
            translationSource: 'human',
            words: [
              { id: 'a1', text: 'Hola', start: 0, end: 0, gloss: 'hello' },
              { id: 'a2', text: 'Ana', start: 0, end: 0, gloss: 'Ana (name)' },
            ],
          },
        ],
      },
    });
  });

  it('reads a story package chapter without times or ids, and finds missing words in the text', () => {
    const file = JSON.stringify({
      title: 'Capítulo',
      sentences: [
        {
          text: 'Es lunes.',
          translation: 'It is Monday.',
          words: [{ text: 'Es' }, { text: 'lunes' }],
        },
        { text: '   ' },
        { text: '—¿Llueve mucho? —pregunta.' },
      ],
    });
    const source = readAlignmentFile('story.json', file);
    expect(source.kind).toBe('transcript');
    if (source.kind !== 'transcript') return;
    expect(source.translations).toBe(1);
    expect(source.transcript.segments.map((segment) => segment.id)).toEqual(['s1', 's2']);
    expect(source.transcript.segments[1]!.words.map((word) => [word.id, word.text])).toEqual([
      ['s2w1', 'Llueve'],
      ['s2w2', 'mucho'],
      ['s2w3', 'pregunta'],
    ]);
  });

  it('replaces ids that are not unique', () => {
    const source = readAlignmentFile(
      'x.json',
      JSON.stringify([
        { id: 'same', text: 'uno' },
        { id: 'same', text: 'dos' },
      ]),
    );
    expect(source.kind === 'transcript' && source.transcript.segments.map((s) => s.id)).toEqual([
      's1',
      's2',
    ]);
  });

  it('refuses what it cannot use, saying why', () => {
    expect(() => readAlignmentFile('a.json', '{ nope')).toThrow('a.json is not valid JSON.');
    expect(() => readAlignmentFile('a.json', '{"story": 1}')).toThrow(
      /^a\.json: The transcript does not have the expected shape/,
    );
    expect(() => readAlignmentFile('a.json', '{"segments": [{ "text": "* * *" }]}')).toThrow(
      'a.json has no sentences with words.',
    );
    expect(() => readAlignmentFile('a.txt', ' \n')).toThrow(UnreadableFileError);
  });
});
