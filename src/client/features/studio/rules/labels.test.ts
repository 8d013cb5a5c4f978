import { describe, expect, it } from 'vitest';
import { timingDoubts } from '#shared/transcript';
import {
  asSentence,
  countOf,
  doubtfulWordText,
  formatConfidence,
  formatTimestamp,
  partOfSpeechName,
  proposalOriginLabel,
  sentenceDoubtReason,
  timingDoubtReason,
  wordLabels,
} from './labels';

describe('formatTimestamp', () => {
  it('writes minutes, seconds and milliseconds, and hours when there are any', () => {
    expect(formatTimestamp(0)).toBe('0:00.000');
    expect(formatTimestamp(75.5)).toBe('1:15.500');
    expect(formatTimestamp(2.0004)).toBe('0:02.000');
    expect(formatTimestamp(59.9996)).toBe('1:00.000');
    expect(formatTimestamp(3725.25)).toBe('1:02:05.250');
    expect(formatTimestamp(-1)).toBe('0:00.000');
  });
});

describe('wordLabels', () => {
  it('numbers the repeats of a word within a sentence', () => {
    expect(wordLabels([{ text: 'la' }, { text: 'casa' }, { text: 'la' }, { text: 'La' }])).toEqual([
      'la',
      'casa',
      'la (2)',
      'La',
    ]);
  });
});

describe('formatConfidence', () => {
  it('is a whole percent', () => {
    expect(formatConfidence(0.424)).toBe('42%');
  });
});

describe('proposalOriginLabel', () => {
  it('names where a proposal came from, and nothing when it does not say', () => {
    expect(proposalOriginLabel('memory')).toBe('Translation memory');
    expect(proposalOriginLabel('lexicon')).toBe('Dictionary');
    expect(proposalOriginLabel('apertium')).toBe('Apertium');
    expect(proposalOriginLabel('libretranslate')).toBe('LibreTranslate');
    expect(proposalOriginLabel('deepl')).toBe('DeepL');
    expect(proposalOriginLabel(undefined)).toBeNull();
  });
});

describe('partOfSpeechName and countOf', () => {
  it('writes parts of speech and counts in words', () => {
    expect(partOfSpeechName('adj')).toBe('adjective');
    expect(partOfSpeechName('verb')).toBe('verb');
    expect(countOf(1, 'gloss', 'glosses')).toBe('1 gloss');
    expect(countOf(1200, 'gloss', 'glosses')).toBe('1,200 glosses');
    expect(countOf(0, 'gloss', 'glosses')).toBe('0 glosses');
  });
});

describe('why a timing is doubtful', () => {
  it('says each reason the aligner gives in plain words', () => {
    expect(timingDoubts.map(doubtfulWordText)).toEqual([
      'Doubtful timing: the sound here matches the word poorly.',
      'Doubtful timing: the word got almost no time (squeezed).',
      'Doubtful timing: the narration seems to depart from the text here.',
      'Doubtful timing: a long pause sits here.',
      'Doubtful timing: music or noise is heard around the word.',
    ]);
  });

  it('has a text for words aligned before the aligner gave reasons, and for sentences', () => {
    expect(doubtfulWordText(undefined)).toBe(
      'Doubtful timing: the aligner is unsure of this word’s start.',
    );
    expect(asSentence(sentenceDoubtReason)).toBe(
      'The aligner is unsure of this sentence’s timing.',
    );
    expect(asSentence(timingDoubtReason('music'))).toBe('Music or noise is heard around the word.');
  });
});
