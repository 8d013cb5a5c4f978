import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { ApiError } from './api-client';
import { clientErrorCodeFor, createQueryClient, shouldRetry } from './query-client';

describe('query client', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('runs a mutation made offline, so its "needs a connection" reaches the form at once', async () => {
    onlineManager.setOnline(false);
    const offline = new ApiError(0, 'NETWORK_ERROR', offlineTexts.needsConnection);
    const observer = new MutationObserver(createQueryClient(), {
      mutationFn: () => Promise.reject(offline),
      retry: false,
    });
    await expect(observer.mutate()).rejects.toBe(offline);
  });

  it('uses the spec defaults: stale 5 min, kept 30 min, no refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(5 * 60_000);
    expect(defaults.queries?.gcTime).toBe(30 * 60_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.mutations?.retry).toBe(shouldRetry);
  });

  it('retries a failure once, never a second time', () => {
    const serverError = new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(1, serverError)).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(shouldRetry(0, new Error('boom'))).toBe(true);
  });

  it('does not retry answers a retry cannot change (4xx)', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'missing'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'UNAUTHORIZED', 'sign in'))).toBe(false);
  });

  it('maps failures to the error-log codes', () => {
    expect(clientErrorCodeFor(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe('NETWORK_ERROR');
    expect(clientErrorCodeFor(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe('AUTH_ERROR');
    expect(clientErrorCodeFor(new ApiError(403, 'FORBIDDEN', 'x'))).toBe('PERMISSION_DENIED');
    expect(clientErrorCodeFor(new ApiError(400, 'VALIDATION_ERROR', 'x'))).toBe('VALIDATION_ERROR');
    expect(clientErrorCodeFor(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe('UNKNOWN_ERROR');
    expect(clientErrorCodeFor(new Error('x'))).toBe('UNKNOWN_ERROR');
  });
});
