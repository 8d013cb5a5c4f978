import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { StudioChapter, TranscriptVersion } from '#shared/contracts/studio';
import type { SaveTranscriptRequest } from '#shared/contracts/studio';
import { installFakeMedia } from '#client/test/fake-media';
import { adminFixture, json, sessionOf, stubApi } from '#client/test/render-app';

/** The studio's API over one chapter, for the studio's component tests. */

export const chapterId = '22222222-2222-4222-8222-222222222222';
export const api = `/api/admin/chapters/${chapterId}`;
export const DURATION = 6.5;

export const versions: TranscriptVersion[] = [
  {
    version: 3,
    source: 'editor',
    note: null,
    createdAt: '2025-06-02T10:00:00.000Z',
    createdBy: 'Ada Admin',
  },
  {
    version: 2,
    source: 'alignment',
    note: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    createdBy: null,
  },
  {
    version: 1,
    source: 'upload',
    note: 'First upload',
    createdAt: '2025-05-01T10:00:00.000Z',
    createdBy: 'Ada Admin',
  },
];

export type Routes = Parameters<typeof stubApi>[0];
export const bodyOf = <T>(init: RequestInit | undefined) => JSON.parse(String(init?.body)) as T;

/** The studio API over one chapter; `routes` replaces any of it. A save answers version + 1. */
export function stubStudio(chapter: StudioChapter, routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/session': sessionOf(adminFixture),
    [`GET ${api}/studio`]: () => json(200, chapter),
    [`GET ${api}/transcript/versions`]: () => json(200, { versions }),
    [`GET ${api}/alignment`]: () => json(200, { job: null }),
    [`GET ${api}/waveform`]: () =>
      json(200, {
        peaksPerSecond: 10,
        durationSeconds: DURATION,
        peaks: Array.from({ length: 130 }, (_, index) => (index % 2 === 0 ? -40 : 40)),
      }),
    [`GET ${api}/questions`]: () =>
      json(200, { questions: [], published: false, unpublishedChanges: false }),
    [`PUT ${api}/transcript`]: (init) => {
      const body = bodyOf<SaveTranscriptRequest>(init);
      return json(200, { ...chapter, transcript: body.transcript, version: 4 });
    },
    ...routes,
  });
}

export const requestsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === path && (init?.method ?? 'GET') === method,
  );

/** The body of the one request sent to `path` (and that there was exactly one). */
export function sentBody<T>(
  fetchMock: ReturnType<typeof stubApi>,
  method: string,
  path: string,
): T {
  const requests = requestsTo(fetchMock, method, path);
  expect(requests).toHaveLength(1);
  return bodyOf<T>(requests[0]![1]);
}

/**
 * What every test of the studio's page needs around it: a media clock that tests move by hand
 * (`media`), no window scrolling, and no canvas (jsdom draws nothing: the waveform's drawing
 * maths is tested apart). Registers the hooks; call it once at the top of a test file.
 */
export function studioPageEnvironment({ duration = DURATION }: { duration?: number } = {}) {
  let media: ReturnType<typeof installFakeMedia> | undefined;
  beforeEach(() => {
    vi.stubGlobal('scrollTo', vi.fn());
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    media = installFakeMedia({ duration });
  });
  afterEach(() => {
    cleanup();
    media?.uninstall();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return {
    get media() {
      if (!media) throw new Error('the studio page environment is set up in beforeEach');
      return media;
    },
  };
}
