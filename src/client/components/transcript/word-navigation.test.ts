import { describe, expect, it } from 'vitest';
import type { Transcript, TranscriptSegment } from '#shared/transcript';
import { buildTranscriptIndex } from './transcript-index';
import { wordForKey } from './word-navigation';

const line = (id: string, words: string[]): TranscriptSegment => ({
  id,
  start: 0,
  end: 1,
  text: words.join(' '),
  words: words.map((text, position) => ({ id: `${id}-${position}`, text, start: 0, end: 1 })),
});

// Words 0-2 on the first line, none on the second (music), 3-4 on the third.
const transcript: Transcript = {
  segments: [line('a', ['Hola', 'mi', 'amiga']), line('b', []), line('c', ['¿Qué', 'tal?'])],
};
const index = buildTranscriptIndex(transcript);

describe('moving between the words of a transcript with the keyboard', () => {
  it('steps to the next and previous word, stopping at both ends', () => {
    expect(wordForKey(index, 1, 'ArrowRight')).toBe(2);
    expect(wordForKey(index, 2, 'ArrowRight')).toBe(3);
    expect(wordForKey(index, 4, 'ArrowRight')).toBe(4);
    expect(wordForKey(index, 0, 'ArrowLeft')).toBe(0);
  });

  it('goes down to the first word of the next line with words, up to its own line first', () => {
    expect(wordForKey(index, 1, 'ArrowDown')).toBe(3);
    expect(wordForKey(index, 3, 'ArrowDown')).toBe(4);
    expect(wordForKey(index, 4, 'ArrowUp')).toBe(3);
    expect(wordForKey(index, 3, 'ArrowUp')).toBe(0);
  });

  it('jumps to the first and last word, and leaves other keys alone', () => {
    expect(wordForKey(index, 2, 'Home')).toBe(0);
    expect(wordForKey(index, 2, 'End')).toBe(4);
    expect(wordForKey(index, 2, 'a')).toBeNull();
  });
});
