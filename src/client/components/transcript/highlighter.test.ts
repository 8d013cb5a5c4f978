import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { HighlightLoop, Highlighter, type HighlightChange } from './highlighter';
import { buildTranscriptIndex, splitSegmentText } from './transcript-index';

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 1,
      end: 3,
      text: 'Hola, Lucía.',
      words: [
        { id: 'w1', text: 'Hola', start: 1, end: 1.5 },
        { id: 'w2', text: 'Lucía', start: 1.6, end: 2.4 },
      ],
    },
    {
      id: 's2',
      start: 4,
      end: 6,
      text: '¿Qué tal?',
      words: [
        { id: 'w3', text: 'Qué', start: 4, end: 4.6 },
        { id: 'w4', text: 'tal', start: 4.7, end: 5.5 },
      ],
    },
  ],
};

/** Records every attribute change, like a DOM element would show it. */
class FakeElement {
  attributes = new Map<string, string>();
  changes = 0;
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
    this.changes += 1;
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
    this.changes += 1;
  }
}

function setup(timed: Transcript = transcript) {
  const index = buildTranscriptIndex(timed);
  const words = index.words.map(() => new FakeElement());
  const segments = index.segments.map(() => new FakeElement());
  const changes: HighlightChange[] = [];
  const highlighter = new Highlighter(
    index,
    { words: words as unknown as Element[], segments: segments as unknown as Element[] },
    (change) => changes.push(change),
  );
  const activeWords = () =>
    words.flatMap((word, i) => (word.attributes.has('data-active') ? [i] : []));
  const currentSegments = () =>
    segments.flatMap((segment, i) =>
      segment.attributes.get('aria-current') === 'true' ? [i] : [],
    );
  return { index, words, segments, changes, highlighter, activeWords, currentSegments };
}

/** A fake audio clock and animation frames that run only when the test says so. */
function fakeClock() {
  const clock = { currentTime: 0, paused: false, playbackRate: 1 };
  let queue: Array<{ handle: number; callback: FrameRequestCallback }> = [];
  let next = 1;
  const frames = {
    request: (callback: FrameRequestCallback) => {
      queue.push({ handle: next, callback });
      return next++;
    },
    cancel: (handle: number) => {
      queue = queue.filter((entry) => entry.handle !== handle);
    },
  };
  let now = 0;
  /** Advances the clock by `seconds` (and wall time by a 60 Hz frame) and runs the frames due. */
  const frame = (seconds = 1 / 60) => {
    clock.currentTime += seconds;
    now += 1000 / 60;
    const due = queue;
    queue = [];
    for (const entry of due) entry.callback(now);
  };
  return { clock, frames, frame, pending: () => queue.length };
}

describe('transcript index', () => {
  it('keeps the punctuation between words and numbers the words globally', () => {
    const index = buildTranscriptIndex(transcript);
    expect(index.pieces[0]).toEqual([0, ', ', 1, '.']);
    expect(index.pieces[1]).toEqual(['¿', 2, ' ', 3, '?']);
    expect(Array.from(index.wordStarts)).toEqual([1, 1.6, 4, 4.7]);
    expect(Array.from(index.wordSegment)).toEqual([0, 0, 1, 1]);
    expect(Array.from(index.segmentFirstWord)).toEqual([0, 2]);
  });

  it('falls back to the words joined by spaces when a word is not in the line', () => {
    expect(splitSegmentText('Buenos días', [{ text: 'Buenas' }, { text: 'días' }], 5)).toEqual([
      5,
      ' ',
      6,
    ]);
  });

  it('makes word starts non-decreasing so binary search stays correct', () => {
    const index = buildTranscriptIndex({
      segments: [
        {
          id: 'a',
          start: 0,
          end: 2,
          text: 'uno dos',
          words: [
            { id: 'x', text: 'uno', start: 1, end: 1.5 },
            { id: 'y', text: 'dos', start: 0.9, end: 2 },
          ],
        },
      ],
    });
    expect(Array.from(index.wordStarts)).toEqual([1, 1]);
  });
});

describe('highlighter', () => {
  it('marks the active word and segment, with the 0.5 s segment lead', () => {
    const { highlighter, activeWords, currentSegments } = setup();
    highlighter.update(0.2);
    expect(activeWords()).toEqual([]);
    expect(currentSegments()).toEqual([]);

    highlighter.update(0.6); // 0.4 s before the first segment starts
    expect(currentSegments()).toEqual([0]);
    expect(activeWords()).toEqual([]);

    highlighter.update(1.2);
    expect(activeWords()).toEqual([0]);
    highlighter.update(1.7);
    expect(activeWords()).toEqual([1]);

    highlighter.update(3.6); // the next line leads by 0.5 s; no word in the pause
    expect(currentSegments()).toEqual([1]);
    expect(activeWords()).toEqual([]);

    highlighter.update(4.8);
    expect(activeWords()).toEqual([3]);
  });

  it('touches only the elements that change, and nothing when nothing changes', () => {
    const { highlighter, words, segments } = setup();
    highlighter.update(1.2);
    const touched = () =>
      [...words, ...segments].reduce((sum, element) => sum + element.changes, 0);
    expect(touched()).toBe(2); // word 0 on, segment 0 current
    expect(highlighter.update(1.3)).toBe(false);
    expect(touched()).toBe(2);
    highlighter.update(1.7); // word 0 off, word 1 on
    expect(touched()).toBe(4);
    expect(words[2]!.changes + words[3]!.changes + segments[1]!.changes).toBe(0);
  });

  it('goes backwards after a seek and clears everything on request', () => {
    const { highlighter, activeWords, currentSegments } = setup();
    highlighter.update(4.8);
    highlighter.update(1.1);
    expect(activeWords()).toEqual([0]);
    expect(currentSegments()).toEqual([0]);
    highlighter.clear();
    expect(activeWords()).toEqual([]);
    expect(currentSegments()).toEqual([]);
  });

  it('lights the line but not a word whose published timing is doubtful (decision 050)', () => {
    const doubtful: Transcript = {
      segments: transcript.segments.map((segment, s) => ({
        ...segment,
        words: segment.words.map((word, w) =>
          s === 0 && w === 1 ? { ...word, confidence: 0.2 } : word,
        ),
      })),
    };
    const { highlighter, activeWords, currentSegments } = setup(doubtful);
    highlighter.update(1.2);
    expect(activeWords()).toEqual([0]);
    highlighter.update(1.7); // "Lucía" is being said
    expect(activeWords()).toEqual([]);
    expect(currentSegments()).toEqual([0]);
    highlighter.update(4.1);
    expect(activeWords()).toEqual([2]);
  });

  it('reports each change with the clock time and whether the segment changed', () => {
    const { highlighter, changes } = setup();
    highlighter.update(1.2);
    highlighter.update(1.7);
    expect(changes).toEqual([
      { wordIndex: 0, segmentIndex: 0, time: 1.2, segmentChanged: true },
      { wordIndex: 1, segmentIndex: 0, time: 1.7, segmentChanged: false },
    ]);
  });
});

describe('highlight loop (fake clock)', () => {
  it('reads the clock on every animation frame while playing', () => {
    const { highlighter, activeWords, changes } = setup();
    const { clock, frames, frame } = fakeClock();
    clock.currentTime = 0.9;
    const loop = new HighlightLoop(clock, highlighter, frames);
    loop.start();
    frame(); // 0.9167
    expect(activeWords()).toEqual([]);
    for (let i = 0; i < 6; i += 1) frame(); // ≈ 1.017: the first word started within a frame
    expect(activeWords()).toEqual([0]);
    // The change comes within half a frame of the word's start, either side: never a frame late.
    const first = changes.find((change) => change.wordIndex === 0)!;
    expect(Math.abs(first.time - 1)).toBeLessThanOrEqual(1 / 120 + 1e-9);
  });

  it('follows 2× speed within half a frame of each word start', () => {
    const { highlighter, changes, index } = setup();
    const { clock, frames, frame } = fakeClock();
    clock.playbackRate = 2;
    const loop = new HighlightLoop(clock, highlighter, frames);
    loop.start();
    for (let i = 0; i < 400; i += 1) frame(2 / 60);
    expect(loop.lookAheadSeconds).toBeCloseTo(1 / 60, 5);
    for (const change of changes.filter((entry) => entry.wordIndex >= 0)) {
      // In wall-clock time: media seconds divided by the rate.
      const lag = (change.time - index.wordStarts[change.wordIndex]!) / 2;
      expect(Math.abs(lag)).toBeLessThanOrEqual(1 / 120 + 1e-9);
    }
    expect(changes.filter((entry) => entry.wordIndex >= 0).map((entry) => entry.wordIndex)).toEqual(
      [0, 1, 2, 3],
    );
  });

  it('stops requesting frames when the audio pauses, and sync() updates once', () => {
    const { highlighter, activeWords } = setup();
    const { clock, frames, frame, pending } = fakeClock();
    const loop = new HighlightLoop(clock, highlighter, frames);
    loop.start();
    frame();
    expect(pending()).toBe(1);
    clock.paused = true;
    frame();
    expect(pending()).toBe(0);
    expect(loop.running).toBe(false);
    clock.currentTime = 4.8;
    loop.sync();
    expect(activeWords()).toEqual([3]);
  });

  it('stop() cancels the pending frame', () => {
    const { highlighter } = setup();
    const { clock, frames, pending } = fakeClock();
    const loop = new HighlightLoop(clock, highlighter, frames);
    loop.start();
    loop.start(); // idempotent
    expect(pending()).toBe(1);
    loop.stop();
    expect(pending()).toBe(0);
  });
});
