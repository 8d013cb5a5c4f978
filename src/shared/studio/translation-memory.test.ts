import { describe, expect, it } from 'vitest';
import type { Transcript, TranscriptSegment } from '../transcript.ts';
import { untimedWords } from './plain-text.ts';
import { adaptTranslation, approvedEntries, sentenceMemoryKeys } from './translation-memory.ts';

/** The likeliest key of a sentence. */
const sentenceMemoryKey = (text: string) => sentenceMemoryKeys(text)[0];

describe('sentenceMemoryKey', () => {
  it('gives sentences differing only in names and numbers one key', () => {
    const pablo = sentenceMemoryKey('Pablo tiene 3 gatos en la calle Luna.');
    const lucia = sentenceMemoryKey('Lucía  tiene 5 gatos en la calle Sol');
    expect(pablo?.key).toBe(lucia?.key);
    expect(pablo?.slots).toEqual(['Pablo', '3', 'Luna']);
    expect(lucia?.slots).toEqual(['Lucía', '5', 'Sol']);
  });

  it('ignores case, spacing and punctuation but keeps a question a question', () => {
    expect(sentenceMemoryKey('—Hoy llueve mucho.')?.key).toBe(
      sentenceMemoryKey('hoy, llueve… ¡mucho!')?.key,
    );
    expect(sentenceMemoryKey('¿Tiene un perro?')?.key).not.toBe(
      sentenceMemoryKey('Tiene un perro.')?.key,
    );
  });

  it('tells other words, and a name from a number, apart', () => {
    expect(sentenceMemoryKey('Pablo tiene gatos.')?.key).not.toBe(
      sentenceMemoryKey('Pablo quiere gatos.')?.key,
    );
    expect(sentenceMemoryKey('Vive en Luna.')?.key).not.toBe(sentenceMemoryKey('Vive en 5.')?.key);
    // The same name twice is one slot: "Ana y Ana" is not "Ana y Eva".
    expect(sentenceMemoryKey('Ana y Ana.')?.key).not.toBe(sentenceMemoryKey('Ana y Eva.')?.key);
  });

  it('has no key for a text without words', () => {
    expect(sentenceMemoryKeys(' … — ')).toEqual([]);
  });

  it('also reads a known word starting a sentence as a name, in a second key', () => {
    // Rosa is a lexicon word (pink, rose): a name only in the second key.
    const [asWord, asName] = sentenceMemoryKeys('Rosa tiene 12 gatos.');
    expect(asWord?.slots).toEqual(['12']);
    expect(asName).toEqual({
      key: sentenceMemoryKey('Marta tiene 3 gatos.')!.key,
      slots: ['Rosa', '12'],
    });
    expect(sentenceMemoryKeys('Marta tiene 3 gatos.')).toHaveLength(1);
  });
});

describe('adaptTranslation', () => {
  it('puts the new names and numbers where the old ones stand', () => {
    expect(
      adaptTranslation(
        'Pablo has 3 cats on Luna Street.',
        ['Pablo', '3', 'Luna'],
        ['Lucía', '5', 'Sol'],
      ),
    ).toBe('Lucía has 5 cats on Sol Street.');
  });

  it('offers nothing when a differing name is not in the English as written', () => {
    expect(adaptTranslation('She lives in Seville.', ['Sevilla'], ['Granada'])).toBeNull();
    // Whole words only: the 3 of "13" is not the number 3.
    expect(adaptTranslation('Bus 13 leaves.', ['3'], ['4'])).toBeNull();
  });

  it("finds a number by its English form and writes the new one's", () => {
    expect(adaptTranslation('It costs 15,000 euros.', ['15.000'], ['2.500'])).toBe(
      'It costs 2,500 euros.',
    );
  });

  it('keeps a translation whose names are the same, and swaps names at once', () => {
    expect(adaptTranslation('Hello, Sevilla.', ['Sevilla'], ['Sevilla'])).toBe('Hello, Sevilla.');
    expect(adaptTranslation('Ana sees Eva.', ['Ana', 'Eva'], ['Eva', 'Ana'])).toBe('Eva sees Ana.');
  });
});

const segment = (text: string, fields: Partial<TranscriptSegment> = {}): TranscriptSegment => ({
  id: 's1',
  start: 0,
  end: 1,
  text,
  words: untimedWords('s1', text),
  ...fields,
});

describe('approvedEntries', () => {
  it('keeps what a person wrote or approved and leaves machine proposals out', () => {
    const glossed = (text: string, glosses: Array<[string, 'human' | 'machine' | undefined]>) => {
      const base = segment(text);
      return base.words.map((word, index) => {
        const [gloss, source] = glosses[index]!;
        return { ...word, gloss, ...(source ? { glossSource: source } : {}) };
      });
    };
    const transcript: Transcript = {
      segments: [
        segment('Pablo canta.', {
          translation: 'Pablo sings.',
          words: glossed('Pablo canta.', [
            ['Pablo (name)', undefined],
            ['sings', 'human'],
          ]),
        }),
        segment('Ana canta.', {
          translation: 'Ana sings.',
          translationSource: 'machine',
          translationOrigin: 'apertium',
          words: glossed('Ana canta.', [
            ['Ana', 'machine'],
            ['sings', undefined],
          ]),
        }),
      ],
    };
    const { sentences, glosses } = approvedEntries(transcript);
    expect(sentences).toEqual([
      {
        key: sentenceMemoryKey('Pablo canta.')!.key,
        slots: ['Pablo'],
        text: 'Pablo canta.',
        translation: 'Pablo sings.',
      },
    ]);
    expect(glosses).toEqual([
      { form: 'pablo', lemma: null, gloss: 'Pablo (name)', occurrences: 1 },
      { form: 'canta', lemma: 'cantar', gloss: 'sings', occurrences: 2 },
    ]);
  });
});
