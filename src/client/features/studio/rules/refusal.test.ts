import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { ApiError } from '#client/lib/api-client';
import { describeRefusal, issueLocation } from './refusal';

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1,
      text: 'Hola amigo',
      words: [
        { id: 'w1', text: 'Hola', start: 0, end: 0.5 },
        { id: 'w2', text: 'amigo', start: 0.5, end: 1 },
      ],
    },
  ],
};

describe('issueLocation', () => {
  it('names the sentence and the word a problem is in', () => {
    expect(issueLocation('/transcript/segments/0/words/1/start', transcript)).toBe(
      'Sentence 1, word 2 “amigo”',
    );
    expect(issueLocation('/segments/0/end', transcript)).toBe('Sentence 1');
    expect(issueLocation('/transcript/segments/4/words/0', transcript)).toBe('Sentence 5, word 1');
    expect(issueLocation('/baseVersion', transcript)).toBeNull();
  });
});

describe('describeRefusal', () => {
  it('gives the server’s message and each problem where it is', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'Word times must be in order', {
      issues: [
        { path: '/transcript/segments/0/words/1/start', message: 'Word times must be in order' },
        { path: '/transcript/segments/0/end', message: 'The sentence ends after the audio' },
      ],
      hint: 'Times must stay inside the audio',
    });
    expect(describeRefusal(error, transcript)).toEqual({
      message: 'Word times must be in order',
      reasons: [
        'Sentence 1, word 2 “amigo”: Word times must be in order',
        'Sentence 1: The sentence ends after the audio',
        'Times must stay inside the audio',
      ],
    });
  });

  it('says plainly what it cannot explain', () => {
    expect(describeRefusal(new ApiError(0, 'NETWORK_ERROR', 'x'), transcript).message).toMatch(
      /could not be reached/,
    );
    expect(describeRefusal(new ApiError(500, 'INTERNAL_ERROR', 'x'), null).message).toMatch(
      /failed/,
    );
    expect(describeRefusal(new Error('boom'), null).reasons).toEqual([]);
  });
});
