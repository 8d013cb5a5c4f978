import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A port nothing listens on right now (the metrics server binds it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The value of one sample line, e.g. `relatos_db_pool_connections{state="total"}`. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: TestApp) {
  const res = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('/metrics on the app port with METRICS_TOKEN', () => {
  it('refuses scrapers without the token in the common error shape', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'A valid metrics token is required' },
      });
    }
  });

  it('reports request durations by route pattern and status, never by raw URL', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await t.app.inject({ method: 'GET', url: '/api/stories' });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/stories/0b7e5d2c-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/no-such-route?token=secret' });
    const body = await scrape(t);
    expect(body).toContain('# TYPE relatos_http_request_duration_seconds histogram');
    expect(
      sample(
        body,
        'relatos_http_request_duration_seconds_count{method="GET",route="/api/stories",status_code="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        body,
        'relatos_http_request_duration_seconds_count{method="GET",route="/api/stories/:id",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      sample(
        body,
        'relatos_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(body).not.toContain('0b7e5d2c');
    expect(body).not.toContain('secret');
    // Process metrics come along (CPU, memory, event loop).
    expect(body).toContain('relatos_process_resident_memory_bytes');
  });

  it('reports pool connections, background jobs and mail sent', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await signUp(t); // the confirmation mail goes to the development mailbox
    await t.app.context.services.jobs.queue.enqueue({
      kind: 'align-chapter',
      payload: { chapterId: 'none' },
    });
    const body = await scrape(t);
    expect(sample(body, 'relatos_mail_messages_total{result="sent"}')).toBe(1);
    expect(sample(body, 'relatos_mail_messages_total{result="failed"}')).toBe(0);
    expect(sample(body, 'relatos_background_jobs{status="queued"}')).toBe(1);
    expect(sample(body, 'relatos_background_jobs{status="running"}')).toBe(0);
    expect(sample(body, 'relatos_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(body, 'relatos_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it('counts the live-progress streams open on the instance', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const learner = await signedInUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(sample(await scrape(t), 'relatos_progress_streams_open')).toBe(0);

    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/progress/events`, {
      headers: { cookie: learner.cookie },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      received += new TextDecoder().decode(value);
    }
    expect(sample(await scrape(t), 'relatos_progress_streams_open')).toBe(1);
    controller.abort();
  });
});

describe('/metrics on a port of its own with METRICS_PORT', () => {
  it('serves metrics there and nothing on the app port', async () => {
    const metricsPort = await freePort();
    t = await createTestApp({ METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    await fetch(`http://127.0.0.1:${port}/api/stories`);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('route="/api/stories",status_code="200"');
    const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/api/stories`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('still requires the token there when METRICS_TOKEN is set too, and closes with the app', async () => {
    const metricsPort = await freePort();
    t = await createTestApp({
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      HOST: '127.0.0.1',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    await t.close();
    t = undefined;
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('/metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('does not exist', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });
});
