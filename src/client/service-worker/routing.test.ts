import { describe, expect, it } from 'vitest';
import { KEPT_ANSWER_HEADER } from '#shared/offline/account-stamp';
import { classifyRequest, downloadKey, markedKept, type RequestFacts } from './routing';

const ORIGIN = 'https://relatos.example';

const request = (path: string, overrides: Partial<RequestFacts> = {}): RequestFacts => ({
  url: new URL(path, ORIGIN),
  origin: ORIGIN,
  method: 'GET',
  mode: 'cors',
  destination: '',
  ...overrides,
});
const navigation = (path: string) => request(path, { mode: 'navigate', destination: 'document' });

describe('classifyRequest', () => {
  it('sends page loads network first to the pages cache, admin pages never', () => {
    expect(classifyRequest(navigation('/'))).toBe('page');
    expect(classifyRequest(navigation('/library?level=beginner'))).toBe('page');
    expect(classifyRequest(navigation('/player/12'))).toBe('page');
    expect(classifyRequest(navigation('/admin'))).toBe('network');
    expect(classifyRequest(navigation('/admin/stories/3'))).toBe('network');
    // The router shows the admin area at these too (one rule: src/shared/page-routes.ts).
    expect(classifyRequest(navigation('/ADMIN/users'))).toBe('network');
    expect(classifyRequest(navigation('/Admin'))).toBe('network');
    // Only /admin and below: a page that merely starts with the letters is a page.
    expect(classifyRequest(navigation('/administration-help'))).toBe('page');
  });

  it('never keeps the pages of one-time steps (tokens in their addresses)', () => {
    for (const path of [
      '/auth?returnTo=%2Flibrary',
      '/onboarding',
      '/forgot-password',
      '/reset-password?token=secret',
      '/email-confirmation',
      '/thank-you',
      '/support-success?session_id=cs_1',
    ]) {
      expect(classifyRequest(navigation(path)), path).toBe('transient-page');
    }
  });

  it('keeps the learner API answers (network first), the session included', () => {
    for (const path of [
      '/api/stories',
      '/api/stories/by-slug/el-faro',
      '/api/chapters/4',
      '/api/chapters/4/transcript',
      '/api/vocabulary',
      '/api/bookmarks?chapterId=4',
      '/api/progress/recent',
      '/api/me/preferences',
      '/api/site/settings',
      '/api/auth/session',
    ]) {
      expect(classifyRequest(request(path)), path).toBe('api');
    }
  });

  it('never keeps administration, sign-in, the live stream, health, payments or metrics', () => {
    for (const path of [
      '/api/admin',
      '/api/admin/stories',
      '/api/auth/sign-in',
      '/api/auth/confirm-email',
      '/api/progress/events',
      '/api/health',
      '/api/health/ready',
      '/api/payments/verify?session=1',
      '/metrics',
    ]) {
      expect(classifyRequest(request(path)), path).toBe('network');
    }
  });

  it('looks up audio and images among the downloads (and lets them through when absent)', () => {
    expect(classifyRequest(request('/api/chapters/4/audio'))).toBe('downloadable');
    expect(classifyRequest(request('/api/files/series-images/faro.webp'))).toBe('downloadable');
    expect(classifyRequest(request('/api/images/series-images/faro?w=400'))).toBe('downloadable');
    expect(classifyRequest(request('/api/chapters/4/whatever', { destination: 'audio' }))).toBe(
      'downloadable',
    );
  });

  it('leaves other methods, other origins and static files to the browser (or the precache)', () => {
    expect(classifyRequest(request('/api/bookmarks', { method: 'POST' }))).toBe('network');
    expect(classifyRequest(request('/api/progress', { method: 'PUT' }))).toBe('network');
    expect(
      classifyRequest({ ...request('/'), url: new URL('https://cdn.example/api/stories') }),
    ).toBe('network');
    expect(classifyRequest(request('/assets/index-abc.js', { destination: 'script' }))).toBe(
      'network',
    );
    expect(classifyRequest(request('/demo/sample.mp3', { destination: 'audio' }))).toBe('network');
  });
});

describe('downloadKey', () => {
  it('is the address the app asked for: path and query, without the origin', () => {
    expect(downloadKey(new URL('/api/images/x?w=400&h=300', ORIGIN))).toBe(
      '/api/images/x?w=400&h=300',
    );
  });
});

describe('markedKept', () => {
  it('gives a kept answer as it was, marked as kept', async () => {
    const kept = new Response('{"user":null}', {
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/json', 'x-relatos-account': 'abc' },
    });
    const shown = markedKept(kept);
    expect(shown.status).toBe(200);
    expect(shown.headers.get(KEPT_ANSWER_HEADER)).toBe('1');
    expect(shown.headers.get('x-relatos-account')).toBe('abc');
    expect(shown.headers.get('content-type')).toBe('application/json');
    expect(await shown.text()).toBe('{"user":null}');
  });
});
