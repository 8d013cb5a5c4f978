import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRITER_ACCOUNT_HEADER } from '#shared/offline/account-stamp';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { onSessionDoubt, setSyncAccount } from '#client/lib/sync/sync-account';
import { apiFetch, ApiError } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

const jsonResponse = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

async function catchError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('apiFetch', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the parsed JSON body and sends same-origin credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { stories: [] }));

    await expect(apiFetch('/api/stories')).resolves.toEqual({ stories: [] });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/stories');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });

  it('serialises a json body with a JSON content type', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(
      apiFetch('/api/client-log', { method: 'POST', json: { kind: 'not_found', path: '/x' } }),
    ).resolves.toBeUndefined();

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"kind":"not_found","path":"/x"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('passes a raw body through without forcing a content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { ok: true }));
    const form = new FormData();
    form.set('file', 'x');

    await apiFetch('/api/files', { method: 'POST', body: form });

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('turns the common error body into an ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, {
        error: { code: 'NOT_FOUND', message: 'Chapter not found', details: { id: 'c1' } },
      }),
    );

    const error = await catchError(apiFetch('/api/chapters/c1'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Chapter not found',
      details: { id: 'c1' },
    });
  });

  it('falls back to the status when the error body is not the common shape', async () => {
    fetchMock.mockResolvedValue(
      new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    );

    const error = await catchError(apiFetch('/api/stories'));

    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' });
  });

  it('falls back to the status when a JSON error body has the wrong shape', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'boom' }));

    const error = await catchError(apiFetch('/api/stories'));

    expect(error).toMatchObject({ status: 500, code: 'HTTP_500' });
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await catchError(apiFetch('/api/stories'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('says a request made offline needs a connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('navigator', { onLine: false });

    const error = await catchError(apiFetch('/api/bookmarks', { method: 'POST', json: {} }));

    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: offlineTexts.needsConnection,
      details: { offline: true },
    });
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);

    await expect(apiFetch('/api/stories')).rejects.toBe(abort);
  });

  it('reports an unreadable success body as INVALID_RESPONSE', async () => {
    fetchMock.mockResolvedValue(new Response('not json', { status: 200 }));

    const error = await catchError(apiFetch('/api/stories'));

    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });
});

describe('apiFetch and the account signed in on the page (decision 076)', () => {
  const writerOf = (call: number) =>
    new Headers(fetchMock.mock.calls[call]![1]?.headers).get(WRITER_ACCOUNT_HEADER);

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // The page's account is kept only in a browser.
    vi.stubGlobal('window', globalThis);
  });

  afterEach(() => {
    setSyncAccount(null);
    vi.unstubAllGlobals();
  });

  it("names the page's account on every change, never on a read, and not when nobody is signed in", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    setSyncAccount('learner-a');
    await apiFetch('/api/bookmarks', { method: 'POST', json: {} });
    await apiFetch('/api/me/saved-items/1', { method: 'delete' });
    await apiFetch('/api/stories');
    setSyncAccount(null);
    await apiFetch('/api/auth/sign-in', { method: 'POST', json: {} });
    expect([0, 1, 2, 3].map(writerOf)).toEqual(['learner-a', 'learner-a', null, null]);
  });

  it('a change refused as not signed in makes the page ask who is signed in; other refusals do not', async () => {
    const doubts = vi.fn();
    const stop = onSessionDoubt(doubts);
    try {
      setSyncAccount('learner-a');
      fetchMock.mockImplementation(async () =>
        jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in required' } }),
      );
      await catchError(apiFetch('/api/stories'));
      expect(doubts).not.toHaveBeenCalled();
      const refused = await catchError(apiFetch('/api/progress', { method: 'POST', json: {} }));
      expect(refused).toMatchObject({ status: 401 });
      expect(doubts).toHaveBeenCalledTimes(1);
      fetchMock.mockImplementation(async () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'No' } }),
      );
      await catchError(apiFetch('/api/progress', { method: 'POST', json: {} }));
      expect(doubts).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
