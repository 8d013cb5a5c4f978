import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { DOUBTFUL_CONFIDENCE } from '#shared/contracts/studio';
import {
  acceptDoubtAt,
  clearSentenceDoubt,
  clearWordDoubt,
  doubtfulPlaces,
  nextDoubtful,
} from './doubtful';

const low = DOUBTFUL_CONFIDENCE / 2;
const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1,
      text: 'uno dos',
      confidence: 0.9,
      words: [
        { id: 'w1', text: 'uno', start: 0, end: 0.5, confidence: low + 0.1 },
        { id: 'w2', text: 'dos', start: 0.5, end: 1, confidence: 0.95 },
      ],
    },
    {
      id: 's2',
      start: 1,
      end: 2,
      text: 'tres cuatro',
      confidence: low,
      words: [
        { id: 'w3', text: 'tres', start: 1, end: 1.5, confidence: low, timingDoubt: 'long-pause' },
        { id: 'w4', text: 'cuatro', start: 1.5, end: 2 },
      ],
    },
  ],
};

describe('doubtful places', () => {
  it('lists sentences and words under the threshold, least confident first, then in reading order', () => {
    expect(doubtfulPlaces(transcript).map((place) => place.key)).toEqual([
      's:s2',
      'w:s2:w3',
      'w:s1:w1',
    ]);
  });

  it('ignores words without a confidence and confident ones', () => {
    const keys = doubtfulPlaces(transcript).map((place) => place.key);
    expect(keys).not.toContain('w:s2:w4');
    expect(keys).not.toContain('w:s1:w2');
  });
});

describe('nextDoubtful', () => {
  it('goes to the least confident place not visited, then starts the round again', () => {
    const visited = new Set<string>();
    const order: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      const next = nextDoubtful(transcript, visited)!;
      expect(next.restarted).toBe(false);
      order.push(next.place.key);
      visited.add(next.place.key);
    }
    expect(order).toEqual(['s:s2', 'w:s2:w3', 'w:s1:w1']);
    expect(nextDoubtful(transcript, visited)).toMatchObject({
      restarted: true,
      place: { key: 's:s2' },
    });
  });

  it('says there is nothing left once every doubt is cleared', () => {
    let value = clearSentenceDoubt(transcript, 1);
    value = clearWordDoubt(value, { segment: 1, word: 0 });
    value = clearWordDoubt(value, { segment: 0, word: 0 });
    expect(nextDoubtful(value, new Set())).toBeNull();
    expect('confidence' in value.segments[1]!.words[0]!).toBe(false);
    // Untouched sentences are the same objects.
    expect(clearWordDoubt(transcript, { segment: 1, word: 1 })).toBe(transcript);
  });
});

describe('accepting a doubtful timing', () => {
  it('drops the word’s confidence and the aligner’s reason together', () => {
    const accepted = clearWordDoubt(transcript, { segment: 1, word: 0 });
    const word = accepted.segments[1]!.words[0]!;
    expect(word).toEqual({ id: 'w3', text: 'tres', start: 1, end: 1.5 });
    // The rest of the sentence, and the sentence's own doubt, stay.
    expect(accepted.segments[1]!.confidence).toBe(low);
    expect(accepted.segments[0]).toBe(transcript.segments[0]);
  });

  it('accepts the word at the place when it is doubtful, else the sentence’s timing', () => {
    const word = acceptDoubtAt(transcript, 1, 0);
    expect(word.accepted).toEqual({ kind: 'word', word: 0 });
    expect(word.transcript.segments[1]!.words[0]).not.toHaveProperty('timingDoubt');
    expect(word.transcript.segments[1]!.confidence).toBe(low);

    // "cuatro" is not doubtful: its sentence is.
    const sentence = acceptDoubtAt(transcript, 1, 1);
    expect(sentence.accepted).toEqual({ kind: 'sentence' });
    expect(sentence.transcript.segments[1]).not.toHaveProperty('confidence');
    expect(sentence.transcript.segments[1]!.words[0]!.confidence).toBe(low);
    expect(acceptDoubtAt(transcript, 1, null).accepted).toEqual({ kind: 'sentence' });
  });

  it('changes nothing where nothing is doubtful', () => {
    expect(acceptDoubtAt(transcript, 0, 1)).toEqual({ transcript, accepted: null });
    expect(acceptDoubtAt(transcript, 5, 0)).toEqual({ transcript, accepted: null });
  });
});
