import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { applyTap, TAP_LEAD_SECONDS, tapAlongStart } from './tap-along';

const transcript: Transcript = {
  segments: [
    { id: 'title', start: 0, end: 0.2, text: '', words: [] },
    {
      id: 's1',
      start: 2,
      end: 3,
      text: 'uno dos',
      words: [
        { id: 'w1', text: 'uno', start: 2, end: 2.5, confidence: 0.1 },
        { id: 'w2', text: 'dos', start: 2.5, end: 3 },
      ],
    },
    {
      id: 's2',
      start: 3.5,
      end: 4,
      text: 'tres',
      words: [{ id: 'w3', text: 'tres', start: 3.5, end: 4 }],
    },
  ],
};

describe('tap-along', () => {
  it('starts a little before the sentence, awaiting its first word (sentences without words skipped)', () => {
    expect(tapAlongStart(transcript, 0)).toEqual({
      from: 2 - TAP_LEAD_SECONDS,
      next: { segment: 1, word: 0 },
    });
    expect(tapAlongStart({ segments: [transcript.segments[0]!] }, 0)).toBeNull();
  });

  it('places each tapped word at the tap and awaits the next one, into the next sentence', () => {
    let state = applyTap(transcript, { segment: 1, word: 0 }, 2.3, 5);
    expect(state.transcript.segments[1]!.words[0]).toEqual({
      id: 'w1',
      text: 'uno',
      start: 2.3,
      end: 2.5,
    });
    expect(state.next).toEqual({ segment: 1, word: 1 });
    state = applyTap(state.transcript, state.next!, 2.9, 5);
    expect(state.next).toEqual({ segment: 2, word: 0 });
    state = applyTap(state.transcript, state.next!, 3.7, 5);
    expect(state.transcript.segments[2]!.words[0]!.start).toBe(3.7);
    expect(state.next).toBeNull();
  });
});
