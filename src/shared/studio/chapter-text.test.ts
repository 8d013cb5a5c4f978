import { describe, expect, it } from 'vitest';
import {
  chapterTextMessages,
  chapterTextProblem,
  chapterWithTextProblem,
  readChapterFile,
} from './chapter-text.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readChapterFile', () => {
  it('reads plain Spanish text as the chapter’s text, with its sentences counted', () => {
    const text = 'Es lunes y llueve mucho. Pablo espera el autobús.\n\n¿Viene? Sí.\n';
    expect(readChapterFile(bytes(text))).toEqual({ kind: 'text', text, sentences: 4 });
  });

  it('drops a byte order mark', () => {
    const withMark = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Hola, Ana.')]);
    expect(readChapterFile(withMark)).toEqual({ kind: 'text', text: 'Hola, Ana.', sentences: 1 });
  });

  it('leaves a transcript the player reads to be uploaded as it is', () => {
    expect(readChapterFile(bytes('00:00:01 Es lunes.\n00:00:04 Llueve.'))).toEqual({
      kind: 'transcript',
    });
    expect(
      readChapterFile(
        bytes(
          JSON.stringify({
            segments: [{ id: 's1', start: 0, end: 1, text: 'Hola.', words: [] }],
          }),
        ),
      ),
    ).toEqual({ kind: 'transcript' });
  });

  it.each([
    [
      'bytes that are not UTF-8',
      new Uint8Array([0x48, 0xff, 0xfe, 0x6c]),
      chapterTextMessages.notText,
    ],
    ['a NUL byte', bytes('Hola\0Ana.'), chapterTextMessages.notText],
    ['blank text', bytes(' \n\t\n'), chapterTextMessages.empty],
    ['an HTML page', bytes('<!doctype html><p>Hola</p>'), chapterTextMessages.htmlPage],
    ['text without words', bytes('* * *\n— …'), chapterTextMessages.noWords],
    [
      'JSON that is no transcript',
      bytes('{"frases": []}'),
      'Transcript JSON does not have the expected shape',
    ],
    ['malformed JSON', bytes('{"segments": ['), 'Transcript JSON is malformed'],
  ])('refuses %s, saying why', (_case, file, message) => {
    expect(readChapterFile(file)).toEqual({ kind: 'refused', message });
  });
});

describe('chapterTextProblem', () => {
  it('accepts a text with Spanish words, numbers included', () => {
    expect(chapterTextProblem('Cuesta 15.000 euros.')).toBeNull();
  });

  it('refuses a text too long to align', () => {
    expect(chapterTextProblem('Hola. '.repeat(40_000))).toBe(chapterTextMessages.tooLong);
    expect(chapterTextMessages.tooLong).toBe('The text is too long: at most 200,000 characters');
  });

  it('refuses a text of numbers alone: nothing in it is a Spanish word', () => {
    expect(chapterTextProblem('1984. 15.000.')).toBe(chapterTextMessages.noWords);
  });
});

describe('chapterWithTextProblem', () => {
  const chapter = { audioFileId: 'a.m4a', transcriptFileId: '' };

  it('has nothing to say of a chapter without a text', () => {
    expect(chapterWithTextProblem({ ...chapter, audioFileId: '' })).toBeNull();
  });

  it('needs the audio the text is aligned with, and no transcript file beside it', () => {
    expect(chapterWithTextProblem({ ...chapter, text: 'Hola.' })).toBeNull();
    expect(chapterWithTextProblem({ ...chapter, audioFileId: '', text: 'Hola.' })).toBe(
      chapterTextMessages.needsAudio,
    );
    expect(chapterWithTextProblem({ ...chapter, transcriptFileId: 't.json', text: 'Hola.' })).toBe(
      chapterTextMessages.notBoth,
    );
    // The text's own problem comes first.
    expect(chapterWithTextProblem({ ...chapter, audioFileId: '', text: ' ' })).toBe(
      chapterTextMessages.empty,
    );
  });
});
