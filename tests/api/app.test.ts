import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#shared/errors';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const expectErrorShape = (body: string, code?: string) => {
  const parsed = apiErrorSchema.parse(JSON.parse(body));
  if (code) expect(parsed.error.code).toBe(code);
  return parsed;
};

// Health and readiness: tests/api/health-checks.test.ts.

describe('every response', () => {
  it('carries a request id and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('gives distinct request ids', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('bad input gets a 4xx in the common shape', () => {
  it('unknown API route → 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.body, 'NOT_FOUND');
  });

  it('unknown method on an API route → 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/stories' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.body, 'NOT_FOUND');
  });

  it('malformed JSON → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'content-type': 'application/json' },
      payload: '{"kind": "not_found", ',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.body, 'BAD_REQUEST');
  });

  it('empty JSON body → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.body);
  });

  it('unknown fields → 400 validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { kind: 'not_found', path: '/x', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.body, 'VALIDATION_ERROR');
  });

  it('wrong types → 400 validation error with details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { kind: 42, path: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    const body = expectErrorShape(res.body, 'VALIDATION_ERROR');
    expect(body.error.details).toBeDefined();
  });

  it('oversized body → 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { kind: 'error', path: '/', message: 'x'.repeat(300 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.body, 'PAYLOAD_TOO_LARGE');
  });

  it('unsupported content type → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expectErrorShape(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('invalid id parameter → 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories/not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.body, 'VALIDATION_ERROR');
  });

  it('a NUL character in the address or a JSON body → 400, whatever the route', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/stories/by-slug/a%00b' });
    expect(query.statusCode).toBe(400);
    expect(expectErrorShape(query.body, 'VALIDATION_ERROR').error.message).toBe(
      'Text may not contain NUL characters',
    );
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ana\u0000',
        email: 'ana@example.com',
        category: 'general',
        subject: 'Hola',
        message: 'Una pregunta',
      },
    });
    expect(body.statusCode).toBe(400);
    expectErrorShape(body.body, 'VALIDATION_ERROR');
  });

  it('accepts a valid client log and answers 204', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { kind: 'not_found', path: '/no/such/page' },
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('cross-site request protection', () => {
  const payload = { kind: 'not_found', path: '/x' };

  it('refuses a mutation from another site (Sec-Fetch-Site)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload,
    });
    expect(res.statusCode).toBe(403);
    expectErrorShape(res.body, 'FORBIDDEN');
  });

  it('refuses a mutation whose Origin is foreign', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { origin: 'https://evil.example' },
      payload,
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a same-origin mutation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('OpenAPI documentation', () => {
  it('is generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/stories', '/api/chapters/{id}']),
    );
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
