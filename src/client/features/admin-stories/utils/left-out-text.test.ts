import { describe, expect, it } from 'vitest';
import { leftOutSentence, missingPartText } from './left-out-text';

describe('leftOutSentence', () => {
  it('says nothing when every chapter is published', () => {
    expect(leftOutSentence(3, 0)).toBe('');
  });

  it('counts the chapters included of all of them, in the singular and the plural', () => {
    expect(leftOutSentence(2, 1)).toBe(
      'Only 2 of its 3 chapters are included: the other is left out until it has its audio and transcript.',
    );
    expect(leftOutSentence(1, 2)).toBe(
      'Only 1 of its 3 chapters is included: the other 2 are left out until they have their audio and transcript.',
    );
  });

  it('says so when learners will see no chapter at all', () => {
    expect(leftOutSentence(0, 1)).toBe(
      'Its only chapter is left out until it has its audio and transcript: learners will see no chapter yet.',
    );
    expect(leftOutSentence(0, 2)).toBe(
      'All 2 of its chapters are left out until they have their audio and transcript: learners will see no chapter yet.',
    );
  });

  it('names what each chapter lacks', () => {
    expect(missingPartText.audio).toBe('No audio yet');
    expect(missingPartText.transcript).toBe('No transcript yet');
    expect(missingPartText['audio-and-transcript']).toBe('No audio or transcript yet');
  });
});
