import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '#shared/transcript';
import { MAX_WINDOW_SECONDS, realignWindow, SEARCH_MARGIN_SECONDS } from './realign-window.ts';

const sentence = (id: string, start: number, end: number): TranscriptSegment => ({
  id,
  start,
  end,
  text: id,
  words: [],
});

describe('realignWindow', () => {
  it('is the room between the sentence before and the sentence after', () => {
    // 'b' was misplaced at 9 s; its neighbours say it lies between 2 and 5.
    const segments = [sentence('a', 0, 2), sentence('b', 9, 9.5), sentence('c', 5, 7)];
    expect(realignWindow(segments, 1, 60)).toEqual({ start: 2, end: 5 });
  });

  it('runs from the start of the recording for the first sentence and to its end for the last', () => {
    const segments = [sentence('a', 1, 3), sentence('b', 3.2, 6)];
    expect(realignWindow(segments, 0, 10)).toEqual({ start: 0, end: 3.2 });
    expect(realignWindow(segments, 1, 8)).toEqual({ start: 3, end: 8 });
  });

  it('looks near a sentence that lies between its neighbours, not in all the room they leave', () => {
    // The first sentence after a 15-second intro tune: the tune stays out of the window.
    const segments = [sentence('a', 16.1, 18.5), sentence('b', 18.9, 21)];
    expect(realignWindow(segments, 0, 60)).toEqual({
      start: 16.1 - SEARCH_MARGIN_SECONDS,
      end: 18.9,
    });
    expect(realignWindow(segments, 1, 60)).toEqual({
      start: 18.5,
      end: 21 + SEARCH_MARGIN_SECONDS,
    });
  });

  it('looks around the sentence itself when its neighbours overlap it', () => {
    const segments = [sentence('a', 0, 5), sentence('b', 4, 6), sentence('c', 5.5, 8)];
    expect(realignWindow(segments, 1, 60)).toEqual({ start: 3, end: 7 });
  });

  it('stays inside the recording and within its bound', () => {
    expect(realignWindow([sentence('a', 0.2, 1)], 0, 0.8)).toEqual({ start: 0, end: 0.8 });
    // Misplaced far outside the room its neighbours leave: the room, up to the bound.
    const far = [sentence('a', 0, 1), sentence('b', 3590, 3591), sentence('c', 3500, 3550)];
    expect(realignWindow(far, 1, 3600)).toEqual({ start: 1, end: 1 + MAX_WINDOW_SECONDS });
  });
});
