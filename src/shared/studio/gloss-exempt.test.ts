import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../transcript.ts';
import { untimedWords } from './plain-text.ts';
import { glossExemptions, textExemptions } from './gloss-exempt.ts';

const sentence = (text: string, words = untimedWords('s1', text)): TranscriptSegment => ({
  id: 's1',
  start: 0,
  end: 0,
  text,
  words,
});

describe('glossExemptions', () => {
  it('exempts names inside a sentence and unknown capitalised words at its start', () => {
    expect(glossExemptions(sentence('Lucía vive en la calle Luna con Pablo.'))).toEqual([
      'name',
      null,
      null,
      null,
      null,
      'name',
      null,
      'name',
    ]);
  });

  it('does not take a known word for a name where a sentence or a line of speech starts', () => {
    expect(glossExemptions(sentence('—¿Vienes? —Sí. Abre la puerta.'))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('exempts numbers and tokens without letters or digits', () => {
    const words = [
      ...untimedWords('s1', 'Son 3 euros'),
      { id: 'dash', text: '—', start: 0, end: 0 },
    ];
    expect(glossExemptions(sentence('Son 3 euros —', words))).toEqual([
      null,
      'number',
      null,
      'no-letters',
    ]);
  });
});

describe('textExemptions', () => {
  it("reads a text's words with the same rule", () => {
    expect(
      textExemptions('Abre la puerta. Pablo tiene 15.000 euros.').map(({ text, exemption }) => [
        text,
        exemption,
      ]),
    ).toEqual([
      ['Abre', null],
      ['la', null],
      ['puerta', null],
      ['Pablo', 'name'],
      ['tiene', null],
      ['15.000', 'number'],
      ['euros', null],
    ]);
  });
});
