import { describe, expect, it } from 'vitest';
import { unreviewedPhrases } from './unreviewed-text';

describe('unreviewedPhrases', () => {
  it('names each kind that is there, with its count, in a fixed order', () => {
    expect(
      unreviewedPhrases({
        machineTranslations: 3,
        missingTranslations: 1,
        machineGlosses: 1,
        missingGlosses: 12,
        doubtfulTimings: 0,
      }),
    ).toEqual([
      '3 machine translations',
      '1 sentence without a translation',
      '1 machine gloss',
      '12 words without a gloss',
    ]);
  });

  it('says nothing when everything is reviewed', () => {
    expect(
      unreviewedPhrases({
        machineTranslations: 0,
        missingTranslations: 0,
        machineGlosses: 0,
        missingGlosses: 0,
        doubtfulTimings: 0,
      }),
    ).toEqual([]);
  });
});
