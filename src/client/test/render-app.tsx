import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '#client/app/routes';
import { createQueryClient } from '#client/lib/query-client';

/** Renders the whole route table at `path` with a fresh query client (no retries, no waiting). */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces global fetch with a table of `METHOD path` handlers; anything else answers 404 in the
 * API's error shape. Returns the mock to inspect calls.
 */
export function stubApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    const handler = routes[key];
    if (handler) return handler(init);
    return json(404, { error: { code: 'NOT_FOUND', message: `No stub for ${key}` } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const storyFixture = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'el-mercado',
  title: 'El mercado',
  description: 'Lucía goes to the market and meets an old friend.',
  language: 'Spanish',
  level: 'Beginner' as const,
  position: 1,
  status: 'published' as const,
  requiresLogin: false,
  newWordsCount: 40,
  imageUrl: '/media/covers/el-mercado.jpg',
  publishedAt: '2025-01-02T00:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  chapters: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      storyId: '11111111-1111-4111-8111-111111111111',
      title: 'La llegada',
      position: 1,
      duration: 75,
      hasAudio: true,
      hasTranscript: true,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      storyId: '11111111-1111-4111-8111-111111111111',
      title: 'El encuentro',
      position: 2,
      duration: 3725,
      hasAudio: true,
      hasTranscript: false,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  ],
};
