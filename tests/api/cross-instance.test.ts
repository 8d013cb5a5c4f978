import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { homePageSettings, stories, trackingTags } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import {
  createTestApp,
  startSecondInstance,
  writeMinimalClient,
  type TestApp,
} from './helpers/test-app.ts';

/**
 * Two instances of the app on one database (decision 025): a change made through instance A is
 * served by instance B right after, although B had the old values cached. Per-instance copies
 * live 10 s (stories) and 60 s (settings, tags), so an answer within the few seconds waited for
 * here can only come from a change notice.
 */

const ORIGIN = 'http://localhost:3000';
/** How long a notice may take between instances on a loaded machine; far below the copies' lives. */
const NOTICE_TIMEOUT_MS = 5_000;

let a: TestApp;
let b: FastifyInstance;
let closeB: () => Promise<void>;
let clientDir: string;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  clientDir = writeMinimalClient();
  a = await createTestApp({}, { clientDir });
  admin = await signedInUser(a, { role: 'admin' });
});

/**
 * Instance B: the same configuration and storage, its own pool, caches and LISTEN connection.
 * A new one for each test, so no notice of an earlier test is still on its way to it.
 */
beforeEach(async () => {
  ({ app: b, close: closeB } = await startSecondInstance(a));
});

afterEach(async () => {
  await closeB();
});

afterAll(async () => {
  await a.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const throughA = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  a.app.inject({ method, url, payload, headers: { cookie: admin.cookie, origin: ORIGIN } });

const fromB = async <T>(url: string): Promise<T> => {
  const res = await b.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};
const platformNameOnB = async () =>
  (await fromB<{ values: Record<string, string> }>('/api/site/settings')).values.platform_name;
const tagNamesOnB = async () =>
  (await fromB<{ tags: Array<{ tagName: string }> }>('/api/tracking-tags')).tags.map(
    (tag) => tag.tagName,
  );
const storyTitlesOnB = async () =>
  (await fromB<{ stories: Array<{ title: string }> }>('/api/stories')).stories.map(
    (story) => story.title,
  );
const scriptSrcOnB = async () => {
  const res = await b.inject({ method: 'GET', url: '/library' });
  return (
    String(res.headers['content-security-policy'])
      .split('; ')
      .find((part) => part.startsWith('script-src')) ?? ''
  );
};

/** Polls instance B until it answers as expected: the notice's travel, never a fixed sleep. */
const onB = <T>(read: () => Promise<T>) =>
  expect.poll(read, { timeout: NOTICE_TIMEOUT_MS, interval: 25 });

/** Writes a setting behind every instance's back (no notice). */
const writeBehindTheirBacks = (value: string) =>
  a.database.db
    .insert(homePageSettings)
    .values({ settingKey: 'platform_name', settingValue: value })
    .onConflictDoUpdate({ target: homePageSettings.settingKey, set: { settingValue: value } });

describe('a change made through instance A is served by instance B right after', () => {
  it('platform settings', async () => {
    expect(await platformNameOnB()).toBeUndefined(); // B has the settings cached now
    const res = await throughA('PUT', '/api/admin/platform-settings', {
      platformName: 'Cuentos',
      platformDescription: 'Spanish stories to listen to.',
      supportEmail: '',
    });
    expect(res.statusCode).toBe(200);
    await onB(platformNameOnB).toBe('Cuentos');
  });

  it('tracking tags, and the policy of B’s pages', async () => {
    expect(await tagNamesOnB()).toEqual([]);
    expect(await scriptSrcOnB()).toBe("script-src 'self'");
    const res = await throughA('POST', '/api/admin/tracking-tags', {
      tagName: 'Analytics',
      tagType: 'ga4',
      tagId: 'G-CROSS1234',
    });
    expect(res.statusCode).toBe(201);
    await onB(tagNamesOnB).toEqual(['Analytics']);
    await onB(scriptSrcOnB).toBe("script-src 'self' https://www.googletagmanager.com");

    const id = res.json().tag.id as string;
    expect((await throughA('DELETE', `/api/admin/tracking-tags/${id}`)).statusCode).toBe(204);
    await onB(tagNamesOnB).toEqual([]);
    await onB(scriptSrcOnB).toBe("script-src 'self'");
  });

  it('the published story list', async () => {
    const { story } = await insertStory(a.database.db, { status: 'draft', publishedAt: null });
    expect(await storyTitlesOnB()).not.toContain(story.title); // B has the list cached now
    const res = await throughA('POST', `/api/admin/stories/${story.id}/status`);
    expect(res.statusCode, res.body).toBe(200);
    await onB(storyTitlesOnB).toContain(story.title);
    expect((await throughA('POST', `/api/admin/stories/${story.id}/status`)).statusCode).toBe(200);
    await onB(storyTitlesOnB).not.toContain(story.title);
  });

  it('a chapter: B reads it from its copy of the library, and refuses it once A unpublishes it', async () => {
    const { story, chapters } = await insertStory(a.database.db);
    const chapterOnB = async () =>
      (await b.inject({ method: 'GET', url: `/api/chapters/${chapters[0]!.id}` })).statusCode;
    expect(await chapterOnB()).toBe(200); // B has the library cached now
    // Hidden behind every instance's back (no notice): B still answers from its copy, as it does
    // for the story list. A chapter's page, audio and transcript asked the database on every
    // request, and the player fetches audio every half minute (issue 26).
    const setStatus = (status: 'draft' | 'published') =>
      a.database.db.update(stories).set({ status }).where(eq(stories.id, story.id));
    await setStatus('draft');
    expect(await chapterOnB()).toBe(200);
    await setStatus('published');
    const res = await throughA('POST', `/api/admin/stories/${story.id}/status`);
    expect(res.statusCode, res.body).toBe(200);
    await onB(chapterOnB).toBe(404);
  });

  it('Clear Cache: settings, tags and stories written behind their backs', async () => {
    const { story } = await insertStory(a.database.db);
    // B keeps these copies.
    expect(await storyTitlesOnB()).toContain(story.title);
    const before = await platformNameOnB();
    expect(await tagNamesOnB()).toEqual([]);

    // Changed without any notice: both instances keep serving their copies.
    await writeBehindTheirBacks('Written elsewhere');
    await a.database.db.insert(trackingTags).values({
      tagName: 'Behind their backs',
      tagType: 'gtm',
      tagId: 'GTM-BEHIND1',
    });
    await a.database.db
      .update(stories)
      .set({ title: 'Renamed elsewhere' })
      .where(eq(stories.id, story.id));
    await a.database.db.execute(
      sql`update stories set published_revision = jsonb_set(published_revision, '{title}', '"Renamed elsewhere"') where id = ${story.id}`,
    );
    expect(await platformNameOnB()).toBe(before);
    expect(await tagNamesOnB()).toEqual([]);
    expect(await storyTitlesOnB()).toContain(story.title);

    const res = await throughA('POST', '/api/admin/cache/clear');
    expect(res.statusCode).toBe(200);
    await onB(platformNameOnB).toBe('Written elsewhere');
    await onB(tagNamesOnB).toEqual(['Behind their backs']);
    await onB(storyTitlesOnB).toContain('Renamed elsewhere');
    // A dropped its own copies at once, before answering.
    const onA = await a.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(onA.json().values.platform_name).toBe('Written elsewhere');
  });
});

describe('when an instance loses its LISTEN connection', () => {
  it('drops everything once it listens again (notices sent meanwhile are lost)', async () => {
    await writeBehindTheirBacks('Before the outage');
    expect(await platformNameOnB()).toBe('Before the outage'); // B keeps it

    // A change B never hears of, then the listeners' connections are cut.
    await writeBehindTheirBacks('Missed during the outage');
    expect(await platformNameOnB()).toBe('Before the outage');
    const killed = await a.database.db.execute<{ pid: number }>(sql`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = current_database() and query = 'listen relatos_changes'`);
    expect(killed.rows.length).toBeGreaterThanOrEqual(2); // A's and B's

    await onB(platformNameOnB).toBe('Missed during the outage');
    // And B hears notices again.
    await throughA('PUT', '/api/admin/platform-settings', {
      platformName: 'After the outage',
      platformDescription: '',
      supportEmail: '',
    });
    await onB(platformNameOnB).toBe('After the outage');
  });
});
