import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions } from '#shared/contracts/audit';
import { securityAuditLog, feedback } from '#server/db/schema';
import {
  latestMail,
  signedInUser,
  signUp,
  STRONG_PASSWORD,
  tokenFrom,
  uniqueEmail,
} from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  id: string;
  createdAt: string;
  action: string;
  actor: { kind: 'user' | 'visitor' | 'system'; userId: string | null; email: string | null };
  target: { userId: string; email: string | null } | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
}
interface ListBody {
  entries: Entry[];
  page: number;
  pageSize: number;
  total: number;
}

const list = async (query: Record<string, string> = {}, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url: '/api/admin/audit', query, headers: { cookie } });

const entriesOf = async (query: Record<string, string>) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListBody;
};

/** An audit row straight in the table, at a known time, with the keys every entry carries. */
async function insertEntry(options: {
  action: string;
  at: Date;
  userId?: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}) {
  const ip = options.ip === undefined ? '203.0.113.9' : options.ip;
  const [row] = await t.database.db
    .insert(securityAuditLog)
    .values({
      action: options.action,
      userId: options.userId ?? null,
      targetUserId: options.targetUserId ?? null,
      ipAddress: ip,
      userAgent: ip ? 'test-agent' : null,
      createdAt: options.at,
      details: {
        ...options.details,
        timestamp: options.at.toISOString(),
        ip_address: ip,
        user_agent: ip ? 'test-agent' : null,
      },
    })
    .returning({ id: securityAuditLog.id });
  return row!.id;
}

// The fixed rows of the filter tests live in January 2019, where nothing else was recorded.
const jan = (day: number, hour = 12) => new Date(Date.UTC(2019, 0, day, hour));
const JANUARY = { from: '2019-01-01T00:00:00Z', to: '2019-02-01T00:00:00Z' };

describe('GET /api/admin/audit: filters', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {
      roleChange: await insertEntry({
        action: 'role_changed',
        at: jan(3),
        userId: admin.userId,
        targetUserId: learner.userId,
        details: { targetUserId: learner.userId, from: 'user', to: 'admin' },
      }),
      tagCreated: await insertEntry({
        action: 'tracking_tag_created',
        at: jan(5),
        userId: admin.userId,
        details: { tagName: 'GA', isActive: true, changedFields: ['tagName', 'tagId'] },
      }),
      learnerSignIn: await insertEntry({
        action: 'successful_signin',
        at: jan(10),
        userId: learner.userId,
      }),
      visitorFailure: await insertEntry({
        action: 'failed_signin',
        at: jan(20),
        details: { email: 'Stranger_X@Example.com', reason: 'invalid_credentials' },
      }),
      systemSave: await insertEntry({
        action: 'transcript_saved',
        at: jan(31, 23),
        ip: null,
        details: { chapter_id: 'c1', version: 2, source: 'alignment' },
      }),
    };
  });

  it('lists every entry of a date range newest first, with who, what, target and details', async () => {
    const body = await entriesOf(JANUARY);
    expect(body.total).toBe(5);
    expect(body.entries.map((entry) => entry.id)).toEqual([
      ids.systemSave,
      ids.visitorFailure,
      ids.learnerSignIn,
      ids.tagCreated,
      ids.roleChange,
    ]);
    const [system, visitor, signIn, tag, role] = body.entries;
    expect(role).toEqual({
      id: ids.roleChange,
      createdAt: jan(3).toISOString(),
      action: 'role_changed',
      actor: { kind: 'user', userId: admin.userId, email: admin.email },
      target: { userId: learner.userId, email: learner.email },
      // The keys every entry carries (time, address, agent) are not repeated in the details.
      details: { targetUserId: learner.userId, from: 'user', to: 'admin' },
      ipAddress: '203.0.113.9',
    });
    expect(tag!.details).toEqual({
      tagName: 'GA',
      isActive: true,
      changedFields: ['tagName', 'tagId'],
    });
    expect(signIn!.actor).toEqual({ kind: 'user', userId: learner.userId, email: learner.email });
    expect(signIn!.target).toBeNull();
    expect(visitor!.actor).toEqual({ kind: 'visitor', userId: null, email: null });
    expect(system!.actor).toEqual({ kind: 'system', userId: null, email: null });
    expect(system!.ipAddress).toBeNull();
  });

  it('filters by event type', async () => {
    const body = await entriesOf({ ...JANUARY, action: 'tracking_tag_created' });
    expect(body.entries.map((entry) => entry.id)).toEqual([ids.tagCreated]);
    expect(body.total).toBe(1);
    const none = await entriesOf({ ...JANUARY, action: 'story_deleted' });
    expect(none).toMatchObject({ entries: [], total: 0 });
  });

  it("filters by user: the actor's or the target's address, or the one a sign-in tried", async () => {
    const byAdmin = await entriesOf({ ...JANUARY, user: admin.email.toUpperCase() });
    expect(byAdmin.entries.map((entry) => entry.id)).toEqual([ids.tagCreated, ids.roleChange]);
    // The learner acted once and was the target once.
    const byLearner = await entriesOf({ ...JANUARY, user: learner.email.slice(0, 14) });
    expect(byLearner.entries.map((entry) => entry.id)).toEqual([ids.learnerSignIn, ids.roleChange]);
    const tried = await entriesOf({ ...JANUARY, user: 'stranger_x@' });
    expect(tried.entries.map((entry) => entry.id)).toEqual([ids.visitorFailure]);
    // `%` and `_` are characters to find, not patterns.
    expect((await entriesOf({ ...JANUARY, user: '%' })).entries).toEqual([]);
    expect((await entriesOf({ ...JANUARY, user: 'stranger%x' })).entries).toEqual([]);
  });

  it('filters by date range: from inclusive, to exclusive, any offset', async () => {
    const ranged = await entriesOf({ from: jan(5).toISOString(), to: jan(20).toISOString() });
    expect(ranged.entries.map((entry) => entry.id)).toEqual([ids.learnerSignIn, ids.tagCreated]);
    // The same days as seen from UTC+02:00: 2019-01-31 22:00Z is already February 1st there.
    const february = await entriesOf({
      from: '2019-02-01T00:00:00+02:00',
      to: '2019-03-01T00:00:00+02:00',
    });
    expect(february.entries.map((entry) => entry.id)).toEqual([ids.systemSave]);
    const onlyFrom = await entriesOf({ from: '2019-01-20T12:00:00Z', to: JANUARY.to });
    expect(onlyFrom.total).toBe(2);
    const onlyTo = await entriesOf({ to: '2019-01-05T12:00:00Z' });
    expect(onlyTo.entries.map((entry) => entry.id)).toEqual([ids.roleChange]);
  });

  it('combines filters', async () => {
    const body = await entriesOf({
      ...JANUARY,
      action: 'role_changed',
      user: learner.email,
    });
    expect(body.entries.map((entry) => entry.id)).toEqual([ids.roleChange]);
    const none = await entriesOf({ ...JANUARY, action: 'successful_signin', user: admin.email });
    expect(none.entries).toEqual([]);
  });

  it('pages newest first without overlap, with the total', async () => {
    const pages = await Promise.all(
      ['1', '2', '3'].map((page) => entriesOf({ ...JANUARY, page, pageSize: '2' })),
    );
    expect(pages.map((page) => page.entries.map((entry) => entry.id))).toEqual([
      [ids.systemSave, ids.visitorFailure],
      [ids.learnerSignIn, ids.tagCreated],
      [ids.roleChange],
    ]);
    expect(pages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
      [1, 2, 5],
      [2, 2, 5],
      [3, 2, 5],
    ]);
    // The default page size.
    expect((await entriesOf(JANUARY)).pageSize).toBe(25);
  });
});

describe('GET /api/admin/audit: refused queries', () => {
  it.each([
    [{ action: 'everything' }, '/action'],
    [{ from: '2019-01-01' }, '/from'],
    [{ from: 'yesterday' }, '/from'],
    [{ to: '2019-13-01T00:00:00Z' }, '/to'],
    [{ from: '2019-02-01T00:00:00Z', to: '2019-01-01T00:00:00Z' }, '/to'],
    [{ from: '2019-02-01T00:00:00Z', to: '2019-02-01T00:00:00Z' }, '/to'],
    [{ page: '0' }, '/page'],
    [{ page: 'x' }, '/page'],
    [{ pageSize: '0' }, '/pageSize'],
    [{ pageSize: '101' }, '/pageSize'],
    [{ pageSize: '2.5' }, '/pageSize'],
    [{ user: 'a'.repeat(255) }, '/user'],
    [{ actor: 'me' }, null],
  ])('%j is a 400 in the common shape', async (query, path) => {
    const res = await list(query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as {
      error: { code: string; message: string; details: { issues: Array<{ path: string }> } };
    };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).not.toBe('');
    if (path) expect(error.details.issues.map((issue) => issue.path)).toContain(path);
  });

  it('says what is wrong with a reversed date range', async () => {
    const res = await list({ from: '2019-02-01T00:00:00Z', to: '2019-01-01T00:00:00Z' });
    expect(res.json().error.message).toBe('The end of the date range must come after its start');
  });
});

describe('GET /api/admin/audit: access', () => {
  it('answers 401 to visitors and 403 to learners', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/audit' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('UNAUTHORIZED');
    const asLearner = await list({}, learner.cookie);
    expect(asLearner.statusCode).toBe(403);
    expect(asLearner.json().error.code).toBe('FORBIDDEN');
  });
});

describe('every admin change is in the log, with who and what', () => {
  it('records a representative set of admin mutations, each naming its actor', async () => {
    // A fresh administrator: the user filter then shows exactly what they did.
    const actor = await signedInUser(t, { role: 'admin' });
    const send = async (
      method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
    ) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: actor.cookie, origin: ORIGIN },
        payload: payload as Record<string, unknown> | undefined,
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.body === '' ? {} : (res.json() as Record<string, { id: string }>);
    };
    const started = new Date(Date.now() - 1000).toISOString();

    // Users and roles.
    await send('PATCH', `/api/admin/users/${learner.userId}/role`, { role: 'admin' });
    await send('PATCH', `/api/admin/users/${learner.userId}/role`, { role: 'user' });
    // Stories.
    const story = (
      await send('POST', '/api/admin/stories', {
        title: `Audited ${randomBytes(3).toString('hex')}`,
        description: 'A story.',
        level: 'Beginner',
      })
    ).story!;
    await send('POST', `/api/admin/stories/${story.id}/status`);
    await send('POST', `/api/admin/stories/${story.id}/requires-login`);
    await send('DELETE', `/api/admin/stories/${story.id}`);
    // Tracking tags.
    const tag = (
      await send('POST', '/api/admin/tracking-tags', {
        tagName: 'Audit GA',
        tagType: 'ga4',
        tagId: 'G-AUDIT123',
      })
    ).tag!;
    await send('PUT', `/api/admin/tracking-tags/${tag.id}`, { isActive: false });
    await send('DELETE', `/api/admin/tracking-tags/${tag.id}`);
    // Support settings.
    await send('PATCH', '/api/admin/support-settings', { support_tier_1_amount: 9 });
    // The inbox.
    const [message] = await t.database.db
      .insert(feedback)
      .values({
        name: 'N',
        email: 'n@example.com',
        category: 'general',
        subject: 'Audit me',
        message: 'x',
      })
      .returning({ id: feedback.id });
    await send('PATCH', `/api/admin/inbox/${message!.id}`, { handled: true });
    await send('PATCH', `/api/admin/inbox/${message!.id}`, { handled: false });

    const body = await entriesOf({ user: actor.email, from: started, pageSize: '100' });
    const actions = body.entries.map((entry) => entry.action).reverse();
    expect(actions).toEqual([
      'role_changed',
      'role_changed',
      'story_created',
      'story_published',
      'story_login_changed',
      'story_deleted',
      'tracking_tag_created',
      'tracking_tag_updated',
      'tracking_tag_deleted',
      'support_settings_updated',
      'contact_message_handled',
      'contact_message_reopened',
    ]);
    for (const entry of body.entries) {
      expect(entry.actor, entry.action).toEqual({
        kind: 'user',
        userId: actor.userId,
        email: actor.email,
      });
      // Each says what it changed.
      expect(Object.keys(entry.details).length, entry.action).toBeGreaterThan(0);
    }
    const byAction = (action: string) => body.entries.find((entry) => entry.action === action)!;
    expect(byAction('role_changed').target).toEqual({
      userId: learner.userId,
      email: learner.email,
    });
    expect(byAction('story_created').details).toMatchObject({ story_id: story.id });
    expect(byAction('tracking_tag_updated').details).toMatchObject({
      tagName: 'Audit GA',
      changedFields: ['isActive'],
    });
    expect(byAction('support_settings_updated').details).toEqual({
      support_tier_1_amount: '7 → 9',
    });
    expect(byAction('contact_message_handled').details).toMatchObject({
      message_id: message!.id,
      subject: 'Audit me',
    });
  });

  it('records nothing for a support settings save that changes nothing', async () => {
    const actor = await signedInUser(t, { role: 'admin' });
    const { settings } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/support-settings',
        headers: { cookie: actor.cookie },
      })
    ).json() as { settings: { support_tier_1_description: string } };
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/support-settings',
      headers: { cookie: actor.cookie, origin: ORIGIN },
      payload: { support_tier_1_description: settings.support_tier_1_description },
    });
    expect(res.statusCode).toBe(200);
    const body = await entriesOf({ user: actor.email, action: 'support_settings_updated' });
    expect(body.total).toBe(0);
  });
});

describe('no secrets in the log', () => {
  it('keeps passwords and tokens out of every entry of the account flows', async () => {
    const email = uniqueEmail('secret');
    await signUp(t, email);
    const confirmToken = tokenFrom((await latestMail(t, email)).text, '/email-confirmation');
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
    await post('/api/auth/confirm-email', { token: confirmToken });
    await post('/api/auth/sign-in', { email, password: 'WrongPass999' });
    await post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    await post('/api/auth/forgot-password', { email });
    const resetToken = tokenFrom((await latestMail(t, email)).text, '/reset-password');
    await post('/api/auth/reset-password', { token: 'not-a-real-token', newPassword: 'Nuevo4567' });
    await post('/api/auth/reset-password', { token: resetToken, newPassword: 'Nuevo4567' });

    const rows = await t.database.db.select().from(securityAuditLog);
    const text = JSON.stringify(rows);
    for (const secret of [STRONG_PASSWORD, 'WrongPass999', 'Nuevo4567', confirmToken, resetToken]) {
      expect(text).not.toContain(secret);
    }
    // The flows did leave their entries (the scan above read them).
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'failed_signin',
      'successful_signin',
      'password_reset_requested',
      'password_reset_failed',
      'password_reset_success',
    ]) {
      expect(actions, action).toContain(action);
    }
    // Every action the app writes is one the viewer can filter by.
    for (const action of actions) expect(auditActions as readonly string[]).toContain(action);
  });
});
