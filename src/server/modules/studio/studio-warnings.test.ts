import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { studioWarnings } from './studio-warnings.ts';

const endingAt = (end: number): Transcript => ({
  segments: [
    {
      id: 's1',
      start: 0.5,
      end,
      text: 'Es lunes.',
      words: [
        { id: 's1w1', text: 'Es', start: 0.5, end: 0.8 },
        { id: 's1w2', text: 'lunes', start: 0.8, end },
      ],
    },
  ],
});

describe('studioWarnings', () => {
  it('says nothing when the transcript ends with the recording', () => {
    expect(studioWarnings({ transcript: endingAt(58), audioSeconds: 60 })).toEqual([]);
  });

  it('warns when the transcript ends far before the recording', () => {
    expect(studioWarnings({ transcript: endingAt(40), audioSeconds: 107 })).toEqual([
      'The transcript ends at 0:40, 67 s before the recording does (1:47): is text missing at the end?',
    ]);
  });

  it('warns when the transcript runs past the recording', () => {
    expect(studioWarnings({ transcript: endingAt(61), audioSeconds: 60 })).toEqual([
      'The transcript runs past the end of the recording (1:01 of 1:00): its last words would never be highlighted.',
    ]);
  });

  it('says what is missing: the recording, the transcript', () => {
    expect(studioWarnings({ transcript: null, audioSeconds: null })).toEqual([
      'This chapter has no recording yet: upload one, then align it with its text.',
      'This chapter has no transcript yet: align its recording with its text.',
    ]);
  });

  it('passes on why the recording or the transcript could not be read', () => {
    expect(
      studioWarnings({
        transcript: null,
        audioSeconds: 0,
        audioProblem: 'ffmpeg is not installed: apt-get install -y ffmpeg',
        transcriptProblem: 'Transcript unavailable',
      }),
    ).toEqual([
      'The recording could not be read: ffmpeg is not installed: apt-get install -y ffmpeg',
      'The transcript could not be read: Transcript unavailable',
    ]);
  });
});
