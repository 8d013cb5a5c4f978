import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client';
import { shouldRetryStoryLoad, storyLoadRetryDelay } from './get-admin-story';

describe('edit-mode story load retries', () => {
  it('waits 1 s, doubling, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(storyLoadRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('retries 3 times, and not after a 4xx answer', () => {
    const network = new ApiError(0, 'NETWORK_ERROR', 'offline');
    expect([0, 1, 2, 3].map((count) => shouldRetryStoryLoad(count, network))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryStoryLoad(0, new ApiError(503, 'SERVICE_UNAVAILABLE', 'busy'))).toBe(true);
    expect(shouldRetryStoryLoad(0, new ApiError(404, 'NOT_FOUND', 'Story not found'))).toBe(false);
  });
});
