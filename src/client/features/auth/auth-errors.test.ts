import { describe, expect, it } from 'vitest';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { ApiError } from '#client/lib/api-client';
import { isRefusal } from './auth-errors';

describe('isRefusal', () => {
  it("is the server's 4xx answer or a request made offline: their messages are for the user", () => {
    expect(isRefusal(new ApiError(401, 'UNAUTHORIZED', 'Invalid email or password'))).toBe(true);
    expect(
      isRefusal(new ApiError(0, 'NETWORK_ERROR', offlineTexts.needsConnection, { offline: true })),
    ).toBe(true);
  });

  it('is not a server failure, a network failure while online, or a bug', () => {
    expect(isRefusal(new ApiError(500, 'INTERNAL_ERROR', 'hidden'))).toBe(false);
    expect(isRefusal(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.'))).toBe(false);
    expect(isRefusal(new Error('boom'))).toBe(false);
  });
});
