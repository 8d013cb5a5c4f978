import { vi } from 'vitest';

/**
 * Replaces fetch with one that answers every request with `body` (JSON) and records the address
 * asked for: tests of which URLs the app's fetchers request. Undo with vi.unstubAllGlobals().
 */
export function recordFetchedUrls(body: unknown): string[] {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      requested.push(String(input));
      return Promise.resolve(Response.json(body));
    }),
  );
  return requested;
}
