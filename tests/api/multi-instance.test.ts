import fs from 'node:fs';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, migrationsFolder, type DatabaseConnection } from '#server/db/client';
import {
  appState,
  chapters,
  devMailboxMessages,
  fileUploads,
  paymentServices,
  stories,
  supportSettings,
  userRoles,
  users,
} from '#server/db/schema';
import { rateLimitRules } from '#server/lib/rate-limiter';
import { demoContentDir, readDemoManifest } from '#server/modules/content/demo-manifest';
import { STRONG_PASSWORD, tokenFrom, uniqueEmail } from './helpers/accounts.ts';
import {
  createEmptyDatabase,
  freePort,
  startAppProcess,
  stopAllAppProcesses,
  type AppProcess,
} from './helpers/app-process.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './helpers/round-robin-proxy.ts';
import { shippedLibrary } from './helpers/shipped-library.ts';
import { createS3Fixture, type StorageFixture } from './storage-helpers.ts';

/**
 * The topology of compose.yaml, in the suite: two real app processes (`src/server/index.ts`) on
 * one PostgreSQL (DATABASE_URL) and one S3-compatible store (s3rver), started at the same moment
 * on an empty database, behind a round-robin proxy, without AUTH_SECRET. The proxy is the
 * realistic path; a check that needs a particular instance talks to it directly.
 */

/** How long a change notice or a live event may take between instances on a loaded machine. */
const NOTICE_TIMEOUT_MS = 5_000;
const ADMIN_EMAIL = 'admin@multi-instance.test';
const ADMIN_PASSWORD = 'Admin-Secreto-123';

let database: { url: string; drop(): Promise<void> };
let db: DatabaseConnection;
let bucket: StorageFixture;
let proxy: RoundRobinProxy;
let a: AppProcess;
let b: AppProcess;

beforeAll(async () => {
  database = await createEmptyDatabase();
  bucket = await createS3Fixture();
  const [portA, portB] = await Promise.all([freePort(), freePort()]);
  proxy = await startRoundRobinProxy([`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`]);
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: database.url,
    S3_ENDPOINT: bucket.s3!.endpoint,
    S3_BUCKET: bucket.s3!.bucket,
    S3_ACCESS_KEY_ID: bucket.s3!.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.s3!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    TRUST_PROXY: 'true',
    PUBLIC_URL: proxy.url,
    // The demo library: both instances race to seed it, and its audio goes to the bucket.
    SEED_DEMO_CONTENT: 'true',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // Each instance must find the installation's secret by itself (issue 13).
    AUTH_SECRET: undefined,
    LOG_LEVEL: 'warn',
  });
  // At the same moment, on the empty database.
  [a, b] = await Promise.all([
    startAppProcess({ env: env(portA) }),
    startAppProcess({ env: env(portB) }),
  ]);
  db = connectDatabase(database.url, 2);
}, 120_000);

afterAll(async () => {
  await stopAllAppProcesses();
  await proxy?.close();
  await db?.close();
  await database?.drop();
  await bucket?.cleanup();
});

interface CallOptions {
  cookie?: string;
  json?: unknown;
  body?: FormData;
}

/** One request to one base URL (an instance's or the proxy's). */
function call(base: string, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${path}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    signal: AbortSignal.timeout(15_000),
  });
}

/** The cookies a response sets, as a Cookie request header (cleared ones left out). */
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

async function signIn(base: string, email: string, password: string) {
  const res = await call(base, 'POST', '/api/auth/sign-in', {
    json: { email, password, rememberMe: false },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

/** The confirmation link mailed to `email`; mail is sent in the background, so wait for it. */
async function confirmationToken(email: string) {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const [message] = await db.db
          .select({ text: devMailboxMessages.text })
          .from(devMailboxMessages)
          .where(eq(devMailboxMessages.to, email));
        text = message?.text;
        return text;
      },
      { timeout: NOTICE_TIMEOUT_MS },
    )
    .toBeDefined();
  return tokenFrom(text!, '/email-confirmation');
}

/**
 * A learner who signed up on one instance and confirmed (which signs in) on another; returns the
 * confirming instance's session cookie. Both default to A: only the session test crosses.
 */
async function confirmedLearner(signUpOn = a, confirmOn = a) {
  const email = uniqueEmail();
  const signedUp = await call(signUpOn.baseUrl, 'POST', '/api/auth/sign-up', {
    json: { email, password: STRONG_PASSWORD, fullName: 'Ana García' },
  });
  expect(signedUp.status, await signedUp.clone().text()).toBe(201);
  const confirmed = await call(confirmOn.baseUrl, 'POST', '/api/auth/confirm-email', {
    json: { token: await confirmationToken(email) },
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  return { email, cookie: cookieOf(confirmed) };
}

const json = async <T>(res: Promise<Response>): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
};

describe('two instances started at once on an empty database', () => {
  it('migrate and seed exactly once', async () => {
    const migrationFiles = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    const applied = await db.db.execute<{ hash: string }>(
      sql`select hash from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows).toHaveLength(migrationFiles.length);
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(migrationFiles.length);

    const manifest = await readDemoManifest(demoContentDir);
    const shipped = await shippedLibrary();
    const seeded = await db.db
      .select({ slug: stories.slug })
      .from(stories)
      .orderBy(asc(stories.slug));
    expect(seeded.map((story) => story.slug)).toEqual(shipped.slugs.sort());
    const [chapterCount] = await db.db.select({ count: sql<number>`count(*)::int` }).from(chapters);
    expect(chapterCount!.count).toBe(shipped.chapters);
    // One record per stored file of the built demo stories (cover, audio and transcript), none
    // twice (a bundled package's files are stored as an import stores them).
    const files = await db.db
      .select({ path: fileUploads.filePath })
      .from(fileUploads)
      .where(like(fileUploads.filePath, 'demo/%'));
    expect(files).toHaveLength(
      manifest.stories.reduce((sum, story) => sum + 1 + story.chapters.length * 2, 0),
    );
    expect(new Set(files.map((file) => file.path)).size).toBe(files.length);
    const [marker] = await db.db
      .select({ value: appState.value })
      .from(appState)
      .where(eq(appState.key, 'demo_content_seeded'));
    expect(marker?.value).toMatchObject({ stories: shipped.slugs.length });
    // The default rows (seedDefaults) once each.
    expect(await db.db.$count(supportSettings)).toBe(3);
    expect(await db.db.$count(paymentServices)).toBe(2);

    // ADMIN_EMAIL with a password: one account, an administrator, whichever instance made it.
    const admins = await db.db
      .select({ role: userRoles.role })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, ADMIN_EMAIL));
    expect(admins).toEqual([{ role: 'admin' }]);

    // Both serve the library, and the proxy reaches both.
    for (const base of [a.baseUrl, b.baseUrl, proxy.url, proxy.url]) {
      const list = await json<{ stories: unknown[] }>(call(base, 'GET', '/api/stories'));
      expect(list.stories).toHaveLength(shipped.slugs.length);
    }
  });
});

describe('behind the round-robin proxy', () => {
  it('a session made on one instance works on the other', async () => {
    // The confirmation link B mailed works on A, and A's session works on B.
    const learner = await confirmedLearner(b, a);
    const onB = await json<{ user: { email: string } | null }>(
      call(b.baseUrl, 'GET', '/api/auth/session', { cookie: learner.cookie }),
    );
    expect(onB.user?.email).toBe(learner.email);

    // Through the proxy, the requests alternate between the instances and stay signed in.
    const first = proxy.history.length;
    for (let i = 0; i < 4; i++) {
      const profile = await json<{ profile: { email: string } }>(
        call(proxy.url, 'GET', '/api/me/profile', { cookie: learner.cookie }),
      );
      expect(profile.profile.email).toBe(learner.email);
    }
    const upstreams = new Set(proxy.history.slice(first).map((entry) => entry.upstream));
    expect(upstreams.size).toBe(2);
  });

  it('a sign-in through the proxy gets its cookie, and a sign-out on one instance ends the session on the other at once', async () => {
    const { email } = await confirmedLearner();
    // The proxy passes Set-Cookie back, whichever instance answered.
    const cookie = await signIn(proxy.url, email, STRONG_PASSWORD);
    for (const instance of [a, b]) {
      const session = await json<{ user: { email: string } | null }>(
        call(instance.baseUrl, 'GET', '/api/auth/session', { cookie }),
      );
      expect(session.user?.email).toBe(email);
    }

    const signedOut = await call(a.baseUrl, 'POST', '/api/auth/sign-out', { cookie });
    expect(signedOut.status).toBe(204);
    // No wait: B must not serve a session A ended (no per-instance copy outlives a sign-out).
    const onB = await json<{ user: unknown }>(
      call(b.baseUrl, 'GET', '/api/auth/session', { cookie }),
    );
    expect(onB.user).toBeNull();
    expect((await call(b.baseUrl, 'GET', '/api/me/profile', { cookie })).status).toBe(401);
  });

  it('sign-in limits count across both instances', async () => {
    const { email } = await confirmedLearner();
    const limit = rateLimitRules.signIn.limit;
    const instances = [a, b];
    for (let attempt = 0; attempt < limit; attempt++) {
      const res = await call(instances[attempt % 2]!.baseUrl, 'POST', '/api/auth/sign-in', {
        json: { email, password: 'Wrong-password-1', rememberMe: false },
      });
      expect(res.status, `attempt ${attempt + 1}`).toBe(401);
    }
    // The next attempt is refused on either instance, the right password included.
    for (const instance of instances) {
      const res = await call(instance.baseUrl, 'POST', '/api/auth/sign-in', {
        json: { email, password: STRONG_PASSWORD, rememberMe: false },
      });
      expect(res.status).toBe(429);
    }
  });

  it('progress saved through one instance reaches a live-progress stream on the other', async () => {
    const learner = await confirmedLearner();
    // A session of each instance's own, so that this shows the live event's way between them.
    const sessions = new Map([
      [a.baseUrl, learner.cookie],
      [b.baseUrl, await signIn(b.baseUrl, learner.email, STRONG_PASSWORD)],
    ]);
    const [chapter] = await db.db
      .select({ id: chapters.id, duration: chapters.duration })
      .from(chapters)
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .where(and(eq(stories.requiresLogin, false), eq(chapters.position, 1)))
      .limit(1);

    // The stream goes through the proxy (which must pass its events on as they come); the save
    // goes straight to the other instance.
    const streamedBy = proxy.nextUpstream();
    const savedBy = streamedBy === a.baseUrl ? b.baseUrl : a.baseUrl;
    const controller = new AbortController();
    const stream = await fetch(`${proxy.url}/api/progress/events`, {
      headers: { cookie: sessions.get(streamedBy)! },
      signal: controller.signal,
    });
    try {
      expect(proxy.history.at(-1)?.upstream).toBe(streamedBy);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      /** Reads until `needle` arrives; gives up (closing the stream) after the notice bound. */
      const readUntil = async (needle: string) => {
        const timer = setTimeout(() => controller.abort(), NOTICE_TIMEOUT_MS);
        try {
          while (!received.includes(needle)) {
            const { value, done } = await reader.read();
            if (done) throw new Error('the stream ended');
            received += decoder.decode(value, { stream: true });
          }
        } catch (error) {
          throw new Error(`no "${needle}" (${String(error)}); received: ${received}`);
        } finally {
          clearTimeout(timer);
        }
      };
      await readUntil('event: ready');

      const now = Date.now();
      const saved = await call(savedBy, 'POST', '/api/progress', {
        cookie: sessions.get(savedBy)!,
        json: {
          chapterId: chapter!.id,
          positionSeconds: 12,
          durationSeconds: chapter!.duration,
          clientTimestamp: now,
          sentAt: now,
          deviceId: 'other-instance-tab',
        },
      });
      expect(saved.status, await saved.clone().text()).toBe(200);

      await readUntil('event: progress');
      const data = received.split('event: progress\ndata: ')[1]!.split('\n')[0]!;
      expect(JSON.parse(data)).toMatchObject({
        deviceId: 'other-instance-tab',
        progress: { chapterId: chapter!.id, lastPositionSeconds: 12 },
      });
    } finally {
      controller.abort();
    }
  });

  it('a file uploaded through one instance is served by the other', async () => {
    const learner = await confirmedLearner();
    const png = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#2f6f4f' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await json<{ profile: { avatarUrl: string } }>(
      call(a.baseUrl, 'POST', '/api/me/avatar', { cookie: learner.cookie, body: form }),
    );

    const served = await call(b.baseUrl, 'GET', uploaded.profile.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  describe('an admin change made on one instance is served by both right after', () => {
    let adminCookie: string;
    beforeAll(async () => {
      adminCookie = await signIn(a.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    });
    const throughA = (method: string, path: string, body?: unknown) =>
      call(a.baseUrl, method, path, { cookie: adminCookie, json: body });
    /** What each instance answers, polled: the change notice's travel, never a fixed sleep. */
    const onBoth = <T>(read: (base: string) => Promise<T>) =>
      expect.poll(async () => [await read(a.baseUrl), await read(b.baseUrl)], {
        timeout: NOTICE_TIMEOUT_MS,
        interval: 50,
      });
    const platformName = async (base: string) =>
      (await json<{ values: Record<string, string> }>(call(base, 'GET', '/api/site/settings')))
        .values.platform_name;
    const tagNames = async (base: string) =>
      (
        await json<{ tags: Array<{ tagName: string }> }>(call(base, 'GET', '/api/tracking-tags'))
      ).tags.map((tag) => tag.tagName);
    const storyTitles = async (base: string) =>
      (
        await json<{ stories: Array<{ title: string }> }>(call(base, 'GET', '/api/stories'))
      ).stories.map((story) => story.title);

    it('platform settings', async () => {
      // Both have the settings cached before the change.
      expect([await platformName(a.baseUrl), await platformName(b.baseUrl)]).not.toContain(
        'Dos Instancias',
      );
      const res = await throughA('PUT', '/api/admin/platform-settings', {
        platformName: 'Dos Instancias',
        platformDescription: 'Served by two instances.',
        supportEmail: '',
      });
      expect(res.status, await res.clone().text()).toBe(200);
      await onBoth(platformName).toEqual(['Dos Instancias', 'Dos Instancias']);
    });

    it('tracking tags', async () => {
      // Both have the (empty) list cached before the change.
      expect([await tagNames(a.baseUrl), await tagNames(b.baseUrl)]).toEqual([[], []]);
      const res = await throughA('POST', '/api/admin/tracking-tags', {
        tagName: 'Analytics',
        tagType: 'ga4',
        tagId: 'G-MULTI1234',
      });
      expect(res.status, await res.clone().text()).toBe(201);
      await onBoth(tagNames).toEqual([['Analytics'], ['Analytics']]);
    });

    it('the story list', async () => {
      const [story] = await db.db
        .select({ id: stories.id, title: stories.title })
        .from(stories)
        .limit(1);
      for (const base of [a.baseUrl, b.baseUrl]) {
        expect(await storyTitles(base)).toContain(story!.title); // cached now
      }
      const unpublished = await throughA('POST', `/api/admin/stories/${story!.id}/status`);
      expect(unpublished.status, await unpublished.clone().text()).toBe(200);
      await onBoth(async (base) => (await storyTitles(base)).includes(story!.title)).toEqual([
        false,
        false,
      ]);
      const republished = await throughA('POST', `/api/admin/stories/${story!.id}/status`);
      expect(republished.status).toBe(200);
      await onBoth(async (base) => (await storyTitles(base)).includes(story!.title)).toEqual([
        true,
        true,
      ]);
    });
  });
});
