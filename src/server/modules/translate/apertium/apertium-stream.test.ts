import { describe, expect, it } from 'vitest';
import { fromApertiumStream, toApertiumStream } from './apertium-stream.ts';

describe("Apertium's stream format", () => {
  it('escapes every character the stream reserves, and ends the text with an empty blank', () => {
    expect(toApertiumStream('a [b] ^c$ d/e \\ @f <g> {h}')).toBe(
      'a \\[b\\] \\^c\\$ d\\/e \\\\ \\@f \\<g\\> \\{h\\}[]',
    );
  });

  it('sends line breaks and tildes as blanks, and drops NUL (the end of a request)', () => {
    expect(toApertiumStream('Hola,\n¿qué~tal?\r\nBien\0')).toBe('Hola,[\n]¿qué[~]tal?[\r\n]Bien[]');
  });

  it('reads escapes and blanks back to plain text', () => {
    expect(fromApertiumStream('Price \\$5 \\[note\\] a\\/b \\\\ \\@ \\<x\\>[\n]end[~][]')).toBe(
      'Price $5 [note] a/b \\ @ <x>\nend~',
    );
  });

  it('gives back what it sent when nothing is translated', () => {
    const text = 'x [y] ^z$ /\\@<>{} ~ * # |\nfin';
    expect(fromApertiumStream(toApertiumStream(text))).toBe(text);
  });
});
