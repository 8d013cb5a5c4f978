import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploads } from '#server/db/schema';
import { apiErrorSchema } from '#shared/errors';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;

const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const expectErrorShape = (body: string, code: string) => {
  const parsed = apiErrorSchema.parse(JSON.parse(body));
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  return parsed;
};

const storedUploads = async () =>
  (await t.database.db.select({ n: count() }).from(fileUploads))[0]?.n ?? 0;

const BOUNDARY = '----relatos-malformed-boundary';
const part = (body: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n${body}`,
  );

/** Multipart bodies a client can get wrong: each must be refused as the client's mistake. */
const malformedBodies: { name: string; contentType: string; payload: Buffer }[] = [
  {
    name: 'no boundary in the content type',
    contentType: 'multipart/form-data',
    payload: Buffer.concat([part('png-bytes'), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  },
  {
    name: 'a body cut off inside the file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: part('png-bytes-that-never-e'),
  },
  {
    name: 'a body cut off inside the part headers',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="fi`),
  },
  {
    name: 'a body that is not multipart at all',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.from('just some text'),
  },
];

const multipartRoutes = [
  { url: '/api/me/avatar', user: () => learner },
  { url: '/api/admin/files?bucket=uploads', user: () => admin },
  { url: '/api/admin/stories/import', user: () => admin },
];

describe('malformed multipart bodies → 400 in the common shape, nothing stored', () => {
  for (const route of multipartRoutes) {
    for (const body of malformedBodies) {
      it(`${route.url}: ${body.name}`, async () => {
        const before = await storedUploads();
        const res = await t.app.inject({
          method: 'POST',
          url: route.url,
          payload: body.payload,
          headers: {
            cookie: route.user().cookie,
            origin: ORIGIN,
            'content-type': body.contentType,
          },
        });
        expect(res.statusCode).toBe(400);
        expectErrorShape(res.body, 'BAD_REQUEST');
        expect(await storedUploads()).toBe(before);
      });
    }
  }

  it('the server still answers afterwards (nothing left hanging)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.execute(sql`select 1 as one`);
    expect(rows.rows).toHaveLength(1);
  });
});

describe('errors answered before a route runs use the common shape', () => {
  it('invalid percent-encoding in the path → 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories/%ED%A0%80' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectErrorShape(res.body, 'BAD_REQUEST');
  });

  it('unknown API paths → JSON 404', async () => {
    for (const url of ['/api/nope', '/api/stories/x/y/z', '/api/admin/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expectErrorShape(res.body, 'NOT_FOUND');
    }
  });

  it('a 70 KB query string on a real connection → 431 with a JSON body', async () => {
    // inject never goes through Node's HTTP parser, so its header limit needs a real socket.
    const server = await createTestApp();
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const res = await new Promise<{ status: number; type: string; body: string }>(
        (resolve, reject) => {
          const request = http.get(
            { host: '127.0.0.1', port, path: `/api/stories?q=${'a'.repeat(70 * 1024)}` },
            (response) => {
              let body = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (body += chunk));
              response.on('end', () =>
                resolve({
                  status: response.statusCode ?? 0,
                  type: response.headers['content-type'] ?? '',
                  body,
                }),
              );
            },
          );
          request.on('error', reject);
        },
      );
      expect(res.status).toBe(431);
      expect(res.type).toMatch(/^application\/json/);
      expectErrorShape(res.body, 'BAD_REQUEST');
    } finally {
      await server.close();
    }
  });
});
