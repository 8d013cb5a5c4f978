import fs from 'node:fs';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityAuditLog, trackingTags } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, writeMinimalClient, type TestApp } from './helpers/test-app.ts';

const ORIGIN = 'http://localhost:3000';
const URL = '/api/admin/tracking-tags';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let clientDir: string;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  // A minimal built client, so pages (and their Content-Security-Policy) are served.
  clientDir = writeMinimalClient();
  t = await createTestApp({}, { clientDir });
  admin = await signedInUser(t, { role: 'admin' });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await t.database.db.delete(trackingTags);
});

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { cookie: cookie ?? admin.cookie, origin: ORIGIN },
  });

const create = (payload: Record<string, unknown>) => send('POST', URL, payload);
const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().tags as Array<Record<string, unknown>>;
};
const publicTags = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/tracking-tags' });
  expect(res.statusCode).toBe(200);
  return res.json().tags as Array<{ tagName: string; tagId: string | null }>;
};
const scriptSrcOf = async (page: string) => {
  const res = await t.app.inject({ method: 'GET', url: page });
  expect(res.statusCode).toBe(200);
  const policy = String(res.headers['content-security-policy']);
  return policy.split('; ').find((part) => part.startsWith('script-src'))!;
};

const ga4 = { tagName: 'Analytics', tagType: 'ga4', tagId: 'G-ABC123XYZ9', position: 'head' };

describe('access', () => {
  it('refuses visitors (401) and signed-in users who are not admins (403)', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: URL });
    expect(visitor.statusCode).toBe(401);
    const user = await signedInUser(t);
    const listed = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { cookie: user.cookie },
    });
    expect(listed.statusCode).toBe(403);
    const created = await send('POST', URL, ga4, user.cookie);
    expect(created.statusCode).toBe(403);
    expect(await t.database.db.select().from(trackingTags)).toEqual([]);
  });
});

describe('POST /api/admin/tracking-tags', () => {
  it('creates a tag with trimmed fields and lists every tag newest first', async () => {
    const res = await create({ ...ga4, tagName: '  Analytics  ', tagId: ' g-abc123xyz9 ' });
    expect(res.statusCode).toBe(201);
    const { tag } = res.json();
    expect(tag).toMatchObject({
      tagName: 'Analytics',
      tagType: 'ga4',
      tagId: 'G-ABC123XYZ9',
      scriptContent: null,
      isActive: true,
      position: 'head',
    });
    expect(res.headers['cache-control']).toBe('no-store');

    await t.database.db.insert(trackingTags).values({
      tagName: 'Old pixel',
      tagType: 'facebook',
      tagId: '1234567890',
      isActive: false,
      createdAt: new Date('2024-01-01'),
    });
    const second = await create({
      tagName: 'Container',
      tagType: 'gtm',
      tagId: 'GTM-AB12CD3',
      position: 'body',
      isActive: false,
    });
    expect(second.statusCode).toBe(201);
    expect((await list()).map((row) => row.tagName)).toEqual([
      'Container',
      'Analytics',
      'Old pixel',
    ]);
  });

  it('keeps only the field its type uses', async () => {
    const custom = await create({
      tagName: 'Hotjar',
      tagType: 'custom',
      tagId: 'ignored',
      scriptContent: '  <script>window.hj = 1;</script>  ',
    });
    expect(custom.statusCode).toBe(201);
    expect(custom.json().tag).toMatchObject({
      tagId: null,
      scriptContent: '<script>window.hj = 1;</script>',
    });
    const pixel = await create({
      tagName: 'Pixel',
      tagType: 'facebook',
      tagId: '123456789012345',
      scriptContent: 'ignored()',
    });
    expect(pixel.statusCode).toBe(201);
    expect(pixel.json().tag).toMatchObject({ tagId: '123456789012345', scriptContent: null });
  });

  it.each([
    [{ ...ga4, tagName: '' }, 'Tag name is required', 'tagName'],
    [{ ...ga4, tagName: '    ' }, 'Tag name is required', 'tagName'],
    [{ ...ga4, tagName: 'x'.repeat(101) }, 'Tag name must be at most 100 characters', 'tagName'],
    [{ tagName: 'GTM', tagType: 'gtm' }, 'GTM container ID is required', 'tagId'],
    [
      { tagName: 'GTM', tagType: 'gtm', tagId: 'G-ABC123' },
      'GTM container ID must look like GTM-XXXXXXX (letters and digits after GTM-)',
      'tagId',
    ],
    [{ tagName: 'GA4', tagType: 'ga4', tagId: '  ' }, 'GA4 measurement ID is required', 'tagId'],
    [
      { tagName: 'GA4', tagType: 'ga4', tagId: 'UA-12345-1' },
      'GA4 measurement ID must look like G-XXXXXXXXXX (letters and digits after G-)',
      'tagId',
    ],
    [
      { tagName: 'Pixel', tagType: 'facebook', tagId: 'fb-123456' },
      'Facebook Pixel ID must be a number of 6 to 20 digits',
      'tagId',
    ],
    [
      { tagName: 'Custom', tagType: 'custom', scriptContent: '  ' },
      'Script content is required for custom tags',
      'scriptContent',
    ],
    [
      { tagName: 'Custom', tagType: 'custom', scriptContent: '<script></script>' },
      'Script content is required for custom tags',
      'scriptContent',
    ],
    [
      {
        tagName: 'Custom',
        tagType: 'custom',
        scriptContent: '<script src="http://cdn.example.com/t.js"></script>',
      },
      'Script sources must use https: http://cdn.example.com/t.js',
      'scriptContent',
    ],
    [
      { tagName: 'Custom', tagType: 'custom', scriptContent: `/*${'x'.repeat(20 * 1024)}*/` },
      'Script content must be at most 20 KB',
      'scriptContent',
    ],
  ])('refuses %j: %s', async (payload, message, field) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message,
      details: { fields: { [field]: message } },
    });
    expect(await list()).toEqual([]);
  });

  it('reports every invalid field at once', async () => {
    const res = await create({ tagName: '', tagType: 'gtm', tagId: 'nope' });
    expect(res.json().error.details.fields).toEqual({
      tagName: 'Tag name is required',
      tagId: 'GTM container ID must look like GTM-XXXXXXX (letters and digits after GTM-)',
    });
  });

  it('refuses bodies of the wrong shape, and oversized ones, without a 500', async () => {
    for (const payload of [
      { ...ga4, tagType: 'matomo' },
      { ...ga4, position: 'footer' },
      { ...ga4, isActive: 'yes' },
      { ...ga4, extra: 1 },
      { tagType: 'ga4', tagId: 'G-ABC123' },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const huge = await create({
      tagName: 'Huge',
      tagType: 'custom',
      scriptContent: 'x'.repeat(70 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('PUT /api/admin/tracking-tags/:id', () => {
  it('changes only the fields sent, rechecking the result', async () => {
    const { tag } = (await create(ga4)).json();
    const off = await send('PUT', `${URL}/${tag.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().tag).toMatchObject({ ...ga4, isActive: false });
    expect(off.json().tag.updatedAt >= tag.updatedAt).toBe(true);

    const edited = await send('PUT', `${URL}/${tag.id}`, {
      tagName: ' Analytics EU ',
      tagId: 'G-NEW1234',
      position: 'body',
    });
    expect(edited.json().tag).toMatchObject({
      tagName: 'Analytics EU',
      tagId: 'G-NEW1234',
      position: 'body',
      isActive: false,
      createdAt: tag.createdAt,
    });

    // Becoming a custom tag needs a script; the provider id is dropped.
    const noScript = await send('PUT', `${URL}/${tag.id}`, { tagType: 'custom' });
    expect(noScript.statusCode).toBe(400);
    expect(noScript.json().error.message).toBe('Script content is required for custom tags');
    const custom = await send('PUT', `${URL}/${tag.id}`, {
      tagType: 'custom',
      scriptContent: 'window.ok = true;',
    });
    expect(custom.json().tag).toMatchObject({ tagId: null, scriptContent: 'window.ok = true;' });

    const blank = await send('PUT', `${URL}/${tag.id}`, { tagName: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Tag name is required');
    expect((await list())[0]).toMatchObject({ tagName: 'Analytics EU', tagType: 'custom' });
  });

  it('answers 404 for an unknown tag and 400 for an id that is not one', async () => {
    const unknown = await send('PUT', `${URL}/${UNKNOWN_ID}`, { isActive: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Tracking tag not found',
    });
    const malformed = await send('PUT', `${URL}/not-a-uuid`, { isActive: false });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/tracking-tags/:id', () => {
  it('deletes a tag once; then it is unknown', async () => {
    const { tag } = (await create(ga4)).json();
    const res = await send('DELETE', `${URL}/${tag.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await list()).toEqual([]);
    const again = await send('DELETE', `${URL}/${tag.id}`);
    expect(again.statusCode).toBe(404);
    expect((await send('DELETE', `${URL}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await send('DELETE', `${URL}/12`)).statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('records who created, updated and deleted a tag', async () => {
    const { tag } = (await create(ga4)).json();
    await send('PUT', `${URL}/${tag.id}`, { isActive: false, tagName: 'Renamed' });
    await send('DELETE', `${URL}/${tag.id}`);
    const rows = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(
        and(
          like(securityAuditLog.action, 'tracking_tag_%'),
          eq(securityAuditLog.userId, admin.userId),
        ),
      )
      .orderBy(securityAuditLog.createdAt);
    const mine = rows.filter((row) => row.details.trackingTagId === tag.id);
    expect(mine.map((row) => row.action)).toEqual([
      'tracking_tag_created',
      'tracking_tag_updated',
      'tracking_tag_deleted',
    ]);
    expect(mine[0]!.details).toMatchObject({ tagName: 'Analytics', tagType: 'ga4' });
    expect(mine[1]!.details).toMatchObject({
      tagName: 'Renamed',
      isActive: false,
      changedFields: ['tagName', 'isActive'],
    });
  });
  it('writes the entry in the transaction of the change: no entry, no change', async () => {
    const { tag } = (await create(ga4)).json();
    // A real database failure on the audit insert (no mock): tag entries are refused.
    await t.database.db.execute(
      sql`alter table security_audit_log add constraint refuse_tag_entries check (action not like 'tracking_tag_%') not valid`,
    );
    try {
      expect((await create({ ...ga4, tagName: 'Never stored' })).statusCode).toBe(500);
      const renamed = { tagName: 'Never renamed', isActive: false };
      expect((await send('PUT', `${URL}/${tag.id}`, renamed)).statusCode).toBe(500);
      expect((await send('DELETE', `${URL}/${tag.id}`)).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(
        sql`alter table security_audit_log drop constraint refuse_tag_entries`,
      );
    }
    expect(await list()).toEqual([
      expect.objectContaining({ id: tag.id, tagName: 'Analytics', isActive: true }),
    ]);
    expect(await publicTags()).toEqual([expect.objectContaining({ tagName: 'Analytics' })]);
    // Once entries can be written again, the same change goes through (and clears the public
    // list this test loaded).
    expect((await send('DELETE', `${URL}/${tag.id}`)).statusCode).toBe(204);
    expect(await publicTags()).toEqual([]);
  });
});

describe('the public side follows at once (same instance)', () => {
  it('serves a new active tag, drops a deactivated or deleted one, and admits it in page CSPs', async () => {
    // Load (and cache) the public list and a page's policy before the change.
    expect(await publicTags()).toEqual([]);
    expect(await scriptSrcOf('/library')).toBe("script-src 'self'");

    const { tag } = (await create(ga4)).json();
    expect(await publicTags()).toEqual([
      expect.objectContaining({ tagName: 'Analytics', tagId: 'G-ABC123XYZ9' }),
    ]);
    expect(await scriptSrcOf('/library')).toBe(
      "script-src 'self' https://www.googletagmanager.com",
    );
    // Never on the administrator's own pages.
    expect(await scriptSrcOf('/admin/tags')).toBe("script-src 'self'");

    await send('PUT', `${URL}/${tag.id}`, { isActive: false });
    expect(await publicTags()).toEqual([]);
    expect(await scriptSrcOf('/library')).toBe("script-src 'self'");

    await send('PUT', `${URL}/${tag.id}`, { isActive: true });
    expect(await publicTags()).toHaveLength(1);
    await send('DELETE', `${URL}/${tag.id}`);
    expect(await publicTags()).toEqual([]);
    expect(await scriptSrcOf('/library')).toBe("script-src 'self'");
  });
});
