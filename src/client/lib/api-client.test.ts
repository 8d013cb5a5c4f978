import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineTexts } from '#client/lib/offline/offline-texts';
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
