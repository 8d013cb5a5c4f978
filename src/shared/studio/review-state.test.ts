import { describe, expect, it } from 'vitest';
import { DOUBTFUL_CONFIDENCE } from '../contracts/studio.ts';
import type { Transcript, TranscriptWord } from '../transcript.ts';
import { unreviewedCounts } from './review-state.ts';
import {
  addCounts,
  hasMachineOutput,
  hasUnreviewed,
  isAcknowledged,
  isPublishForbidden,
  NOTHING_UNREVIEWED,
} from './unreviewed-counts.ts';

const low = DOUBTFUL_CONFIDENCE / 2;
const sure = (DOUBTFUL_CONFIDENCE + 1) / 2;

const word = (text: string, extra: Partial<TranscriptWord> = {}): TranscriptWord => ({
  id: text,
  text,
  start: 0,
  end: 0,
  ...extra,
});

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1,
      text: 'Es lunes.',
      // Written by a person (no source): reviewed.
      translation: 'It is Monday.',
      confidence: low,
      words: [
        word('Es', { gloss: 'it is' }),
        word('lunes', { gloss: 'Monday', glossSource: 'machine', confidence: low }),
      ],
    },
    {
      id: 's2',
      start: 1,
      end: 2,
      text: 'Llueve en Sevilla.',
      translation: 'It rains in Seville.',
      translationSource: 'machine',
      confidence: sure,
      words: [
        word('Llueve', { gloss: 'it rains', glossSource: 'human', confidence: sure }),
        word('en'),
        // A name needs no gloss.
        word('Sevilla'),
      ],
    },
    {
      id: 's3',
      start: 2,
      end: 3,
      text: 'Pasa.',
      translation: '  ',
      translationSource: 'machine',
      words: [word('Pasa', { gloss: ' ', glossSource: 'machine' })],
    },
  ],
};

describe('unreviewedCounts', () => {
  it('splits what waits into machine-made and missing, and counts doubtful sentences and words', () => {
    expect(unreviewedCounts(transcript)).toEqual({
      machineTranslations: 1,
      // A blank machine translation is no translation at all.
      missingTranslations: 1,
      machineGlosses: 1,
      // "en" (no gloss) and "Pasa" (a blank machine gloss); "Sevilla" is a name.
      missingGlosses: 2,
      doubtfulTimings: 2,
    });
  });

  it('finds nothing in a transcript written and approved by people', () => {
    const reviewed: Transcript = {
      segments: [
        {
          id: 's1',
          start: 0,
          end: 1,
          text: 'Hola.',
          translation: 'Hello.',
          translationSource: 'human',
          words: [word('Hola', { gloss: 'hello' })],
        },
      ],
    };
    expect(unreviewedCounts(reviewed)).toEqual(NOTHING_UNREVIEWED);
    expect(hasUnreviewed(unreviewedCounts(reviewed))).toBe(false);
  });
});

describe('the publishing rules over counts (unreviewed-counts.ts)', () => {
  const counts = unreviewedCounts(transcript);

  it('adds chapters up', () => {
    expect(addCounts(counts, counts)).toEqual({
      machineTranslations: 2,
      missingTranslations: 2,
      machineGlosses: 2,
      missingGlosses: 4,
      doubtfulTimings: 4,
    });
  });

  it('tells machine output (what the setting may forbid) from the rest', () => {
    expect(hasMachineOutput(counts)).toBe(true);
    expect(hasMachineOutput({ ...NOTHING_UNREVIEWED, missingGlosses: 3, doubtfulTimings: 1 })).toBe(
      false,
    );
    expect(hasUnreviewed({ ...NOTHING_UNREVIEWED, doubtfulTimings: 1 })).toBe(true);
    expect(isPublishForbidden('review-first', counts)).toBe(true);
    expect(isPublishForbidden('publish-marked', counts)).toBe(false);
    expect(
      isPublishForbidden('review-first', { ...NOTHING_UNREVIEWED, missingTranslations: 4 }),
    ).toBe(false);
  });

  it('takes a confirmation that covers at least what is unreviewed now', () => {
    expect(isAcknowledged(NOTHING_UNREVIEWED, undefined)).toBe(true);
    expect(isAcknowledged(counts, undefined)).toBe(false);
    expect(isAcknowledged(counts, counts)).toBe(true);
    // Someone reviewed a gloss since: still covered.
    expect(isAcknowledged({ ...counts, machineGlosses: 0 }, counts)).toBe(true);
    // A new machine translation since: not what was confirmed.
    expect(isAcknowledged({ ...counts, machineTranslations: 2 }, counts)).toBe(false);
  });
});
