import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '#shared/contracts/auth';
import { AppProviders } from '#client/app/providers';
import { AppRoutes } from '#client/app/routes';
import { AuthProvider } from '#client/lib/auth/auth-provider';
import { createQueryClient } from '#client/lib/query-client';

/** A fresh query client that neither retries nor waits. */
function testQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

const routesAt = (path: string) => (
  <MemoryRouter initialEntries={[path]}>
    <AppRoutes />
  </MemoryRouter>
);

/**
 * Renders the whole route table at `path` with a fresh query client (no retries, no waiting) and
 * the auth provider. The session comes from `GET /api/auth/session` (see `sessionOf`); without a
 * stub it answers 404 and the visitor is signed out.
 */
export function renderApp(path: string) {
  const queryClient = testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{routesAt(path)}</AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** As `renderApp`, inside the app's own providers: the app-wide flusher runs (decision 057). */
export const renderMountedApp = (path: string) =>
  render(<AppProviders queryClient={testQueryClient()}>{routesAt(path)}</AppProviders>);

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

export const userFixture: CurrentUser = {
  id: '44444444-4444-4444-8444-444444444444',
  email: 'ana@example.com',
  fullName: 'Ana García',
  avatarUrl: null,
  role: 'user',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const adminFixture: CurrentUser = {
  ...userFixture,
  id: '55555555-5555-4555-8555-555555555555',
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  role: 'admin',
};

/** The `GET /api/auth/session` handler for a signed-in `user`, or a visitor with null. */
export const sessionOf =
  (user: CurrentUser | null, refreshed = false): Handler =>
  () =>
    json(200, {
      user,
      session: user ? { expiresAt: '2099-01-01T00:00:00.000Z' } : null,
      refreshed,
    });

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
