import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { translationSummary } from '#shared/studio/translation-summary';
import { clearSentenceDoubt, clearWordDoubt } from './doubtful';
import { reviewTranscript as transcript } from './review-fixture';
import {
  glossLayout,
  nextWaitingPosition,
  numberedWords,
  reviewCounts,
  reviewQueue,
  segmentIndexOf,
  sentenceWaiting,
  stillWaiting,
  summaryOf,
} from './review-queue';
import { approveSentence } from './transcript-edits';

const [, s2, s3, s4] = transcript.segments;

describe('what waits in a sentence', () => {
  it('names the translation, the glosses and the doubtful timings that wait', () => {
    expect(sentenceWaiting(s2!)).toEqual({ translation: true, glosses: [1, 2, 4], doubts: [] });
    // The word's doubt first, then the sentence's.
    expect(sentenceWaiting(s3!)).toEqual({
      translation: false,
      glosses: [],
      doubts: [
        { kind: 'word', word: 0, confidence: 0.3 },
        { kind: 'sentence', confidence: 0.4 },
      ],
    });
    expect(sentenceWaiting(s4!)).toEqual({ translation: true, glosses: [0, 1, 2], doubts: [] });
  });

  it('after the text is approved, points at what is missing, then at a doubtful timing', () => {
    const approved = (index: number) => approveSentence(transcript, index).segments[index]!;
    expect(stillWaiting(approved(1))).toBeNull();
    expect(stillWaiting(approved(2))).toEqual({
      kind: 'timing',
      doubt: { kind: 'word', word: 0, confidence: 0.3 },
    });
    expect(stillWaiting(approved(3))).toEqual({ kind: 'translation' });
    const translated: Transcript = {
      segments: [{ ...approved(3), translation: 'He goes home.', translationSource: 'human' }],
    };
    expect(stillWaiting(translated.segments[0]!)).toEqual({ kind: 'gloss', word: 2 });
  });
});

describe('the review queue', () => {
  it('holds the sentences where something waits, in reading order', () => {
    expect(reviewQueue(transcript)).toEqual(['s2', 's3', 's4']);
    expect(segmentIndexOf(transcript, 's3')).toBe(2);
    expect(segmentIndexOf(transcript, 'gone')).toBe(-1);
  });

  it('goes on to the next sentence that still waits, then to the summary', () => {
    const queue = reviewQueue(transcript);
    expect(nextWaitingPosition(transcript, queue, 0)).toBe(1);
    // Once s3's timings are accepted it no longer waits: the review goes from s2 to s4.
    const accepted = clearSentenceDoubt(clearWordDoubt(transcript, { segment: 2, word: 0 }), 2);
    expect(nextWaitingPosition(accepted, queue, 0)).toBe(2);
    // Past the last: the summary.
    expect(nextWaitingPosition(transcript, queue, 2)).toBe(queue.length);
  });

  it('counts as the shared translation summary does', () => {
    expect(summaryOf(transcript)).toEqual(translationSummary(transcript));
    const approved = approveSentence(transcript, 1);
    expect(summaryOf(approved)).toEqual(translationSummary(approved));
  });

  it('counts what is left in the chapter', () => {
    expect(reviewCounts(transcript)).toEqual({
      sentences: 3,
      translations: 2,
      glosses: 6,
      timings: 2,
    });
    expect(reviewCounts(approveSentence(transcript, 1))).toEqual({
      sentences: 2,
      translations: 1,
      glosses: 3,
      timings: 2,
    });
  });
});

describe('the numbered glosses of a visit', () => {
  it('lists the glosses worth a look first, then the obvious ones', () => {
    const layout = glossLayout(s2!);
    // pasa (two readings) and por (several senses) first; mercado (market, its only sense) after.
    expect(layout).toEqual({ check: [1, 2], obvious: [4], approved: [] });
    expect(numberedWords(layout)).toEqual([1, 2, 4]);
  });

  it('lists a missing gloss as worth a look', () => {
    expect(glossLayout(s4!).check).toContain(2);
  });

  it('lists every gloss of a sentence where none waits, so one can still be corrected', () => {
    expect(glossLayout(s3!)).toEqual({ check: [], obvious: [], approved: [0, 1] });
  });
});
