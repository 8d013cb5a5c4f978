import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, securityAuditLog, userRoles, users } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

interface ListedUser {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  createdAt: string;
  role: string;
}

const list = async (search?: string, cookie = admin.cookie) => {
  return t.app.inject({
    method: 'GET',
    url: '/api/admin/users',
    query: search === undefined ? {} : { search },
    headers: { cookie },
  });
};

const changeRole = (id: string, payload: unknown, cookie = admin.cookie) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${encodeURIComponent(id)}/role`,
    headers: { cookie, origin: ORIGIN },
    payload: payload as Record<string, unknown>,
  });

/** A user row and its profile straight in the database (no role row unless given). */
async function insertAccount(options: {
  email: string;
  fullName?: string | null;
  createdAt?: Date;
  role?: 'user' | 'admin' | 'moderator';
  avatarUrl?: string;
}) {
  const id = `acct_${randomBytes(8).toString('hex')}`;
  await t.database.db
    .insert(users)
    .values({ id, name: options.fullName ?? 'x', email: options.email });
  await t.database.db.insert(profiles).values({
    id,
    email: options.email,
    fullName: options.fullName ?? null,
    avatarUrl: options.avatarUrl ?? null,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  if (options.role)
    await t.database.db.insert(userRoles).values({ userId: id, role: options.role });
  return id;
}

const roleChangedRows = (targetUserId: string) =>
  t.database.db
    .select()
    .from(securityAuditLog)
    .where(
      and(
        eq(securityAuditLog.action, 'role_changed'),
        eq(securityAuditLog.targetUserId, targetUserId),
      ),
    );

describe('GET /api/admin/users', () => {
  it('lists profiles newest first with e-mail, name, avatar, joined date and role', async () => {
    const tag = randomBytes(4).toString('hex');
    const older = await insertAccount({
      email: `older-${tag}@example.com`,
      fullName: `Olga ${tag}`,
      createdAt: new Date('2020-01-01T00:00:00Z'),
      role: 'moderator',
    });
    const newer = await insertAccount({
      email: `newer-${tag}@example.com`,
      fullName: `Nico ${tag}`,
      createdAt: new Date('2020-06-01T00:00:00Z'),
      role: 'admin',
      avatarUrl: '/api/files/avatars/nico.webp',
    });
    const middle = await insertAccount({
      email: `middle-${tag}@example.com`,
      fullName: null,
      createdAt: new Date('2020-03-01T00:00:00Z'),
    });

    const res = await list(tag);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { users: ListedUser[]; total: number; limit: number };
    expect(body.total).toBe(3);
    expect(body.limit).toBe(200);
    expect(body.users).toEqual([
      {
        id: newer,
        email: `newer-${tag}@example.com`,
        fullName: `Nico ${tag}`,
        avatarUrl: '/api/files/avatars/nico.webp',
        createdAt: '2020-06-01T00:00:00.000Z',
        role: 'admin',
      },
      {
        id: middle,
        email: `middle-${tag}@example.com`,
        fullName: null,
        avatarUrl: null,
        createdAt: '2020-03-01T00:00:00.000Z',
        // No user_roles row: a plain user.
        role: 'user',
      },
      {
        id: older,
        email: `older-${tag}@example.com`,
        fullName: `Olga ${tag}`,
        avatarUrl: null,
        createdAt: '2020-01-01T00:00:00.000Z',
        role: 'moderator',
      },
    ]);
  });

  it('lists everyone, newest first, when there is no search', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { users: ListedUser[]; total: number };
    expect(body.users.map((user) => user.email)).toContain(admin.email);
    const dates = body.users.map((user) => user.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.total).toBe(await t.database.db.$count(profiles));
  });

  it('searches e-mail and full name, ignoring case, with wildcards taken literally', async () => {
    const tag = randomBytes(4).toString('hex');
    const byEmail = await insertAccount({
      email: `maria.lopez-${tag}@example.com`,
      fullName: 'Someone Else',
    });
    const byName = await insertAccount({
      email: `pedro-${tag}@example.com`,
      fullName: `Pedro López ${tag.toUpperCase()}`,
    });
    await insertAccount({ email: `nobody-${tag}@example.com`, fullName: 'Nobody' });

    const ids = async (search: string) =>
      ((await list(search)).json() as { users: ListedUser[] }).users.map((user) => user.id);

    expect(await ids(`MARIA.LOPEZ-${tag.toUpperCase()}`)).toEqual([byEmail]);
    expect(await ids(`pedro lópez ${tag}`)).toEqual([byName]);
    expect(await ids(tag)).toHaveLength(3);
    expect(await ids(`  maria.lopez-${tag}  `)).toEqual([byEmail]);
    // `%` and `_` are characters to find, not patterns.
    expect(await ids('%')).toEqual([]);
    expect(await ids(`maria_lopez-${tag}`)).toEqual([]);
  });

  it('returns at most 200 users and the total that matched', async () => {
    const tag = `bulk${randomBytes(4).toString('hex')}`;
    const rows = Array.from({ length: 205 }, (_, index) => ({
      id: `${tag}_${index}`,
      email: `${tag}-${index}@example.com`,
    }));
    await t.database.db.insert(users).values(rows.map((row) => ({ ...row, name: 'Bulk' })));
    await t.database.db.insert(profiles).values(
      rows.map((row, index) => ({
        ...row,
        fullName: 'Bulk',
        createdAt: new Date(Date.UTC(2019, 0, 1, 0, index)),
      })),
    );
    const body = (await list(tag)).json() as { users: ListedUser[]; total: number };
    expect(body.total).toBe(205);
    expect(body.users).toHaveLength(200);
    expect(body.users[0]!.id).toBe(`${tag}_204`);
    expect(body.users.at(-1)!.id).toBe(`${tag}_5`);
  });

  it('refuses a search longer than an e-mail address can be', async () => {
    const res = await list('a'.repeat(255));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 401 to visitors and 403 to learners', async () => {
    const learner = await signedInUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await list(undefined, learner.cookie)).statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/users/:id/role', () => {
  it('grants admin, records role_changed, and the new admin can use the admin area', async () => {
    const learner = await signedInUser(t);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/dashboard',
          headers: { cookie: learner.cookie },
        })
      ).statusCode,
    ).toBe(403);

    const res = await changeRole(learner.userId, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: learner.userId,
      email: learner.email,
      role: 'admin',
    });

    const [stored] = await t.database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, learner.userId));
    expect(stored!.role).toBe('admin');

    const audit = await roleChangedRows(learner.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(admin.userId);
    expect(audit[0]!.details).toMatchObject({
      targetUserId: learner.userId,
      from: 'user',
      to: 'admin',
    });

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/dashboard',
          headers: { cookie: learner.cookie },
        })
      ).statusCode,
    ).toBe(200);

    const listed = (await list(learner.email)).json() as { users: ListedUser[] };
    expect(listed.users.map((user) => user.role)).toEqual(['admin']);
  });

  it('removes admin again, recorded as a second role_changed entry', async () => {
    const other = await signedInUser(t, { role: 'admin' });
    const res = await changeRole(other.userId, { role: 'user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('user');
    const audit = await roleChangedRows(other.userId);
    expect(audit.map((row) => row.details)).toEqual([
      expect.objectContaining({ targetUserId: other.userId, from: 'admin', to: 'user' }),
    ]);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: other.cookie },
    });
    expect(dashboard.statusCode).toBe(403);
  });

  it('gives a user without a role row a role, and a moderator user or admin', async () => {
    const tag = randomBytes(4).toString('hex');
    const roleless = await insertAccount({ email: `roleless-${tag}@example.com` });
    const moderator = await insertAccount({
      email: `mod-${tag}@example.com`,
      role: 'moderator',
    });

    expect((await changeRole(roleless, { role: 'admin' })).json().user.role).toBe('admin');
    expect((await roleChangedRows(roleless))[0]!.details).toMatchObject({
      from: 'user',
      to: 'admin',
    });

    expect((await changeRole(moderator, { role: 'user' })).json().user.role).toBe('user');
    expect((await roleChangedRows(moderator))[0]!.details).toMatchObject({
      from: 'moderator',
      to: 'user',
    });
  });

  it('changes nothing and records nothing when the user already has that role', async () => {
    const learner = await signedInUser(t);
    const res = await changeRole(learner.userId, { role: 'user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('user');
    expect(await roleChangedRows(learner.userId)).toHaveLength(0);
  });

  it('refuses an admin removing their own admin role (409), and changes nothing', async () => {
    const res = await changeRole(admin.userId, { role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: 'You cannot remove your own admin role',
    });
    const [stored] = await t.database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, admin.userId));
    expect(stored!.role).toBe('admin');
    expect(await roleChangedRows(admin.userId)).toHaveLength(0);

    // Keeping one's own admin role is harmless.
    expect((await changeRole(admin.userId, { role: 'admin' })).statusCode).toBe(200);
  });

  it('lets another admin remove the admin role of an admin', async () => {
    const second = await signedInUser(t, { role: 'admin' });
    const res = await changeRole(admin.userId, { role: 'user' }, second.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('user');
    // Restore the suite's admin.
    expect((await changeRole(admin.userId, { role: 'admin' }, second.cookie)).statusCode).toBe(200);
  });

  it.each([
    ['a role the selector does not offer', { role: 'moderator' }],
    ['an unknown role', { role: 'superuser' }],
    ['no role', {}],
    ['a role that is not text', { role: 1 }],
    ['an extra field', { role: 'admin', userId: 'someone' }],
  ])('answers 400 to %s', async (_label, payload) => {
    const learner = await signedInUser(t);
    const res = await changeRole(learner.userId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    const [stored] = await t.database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, learner.userId));
    expect(stored!.role).toBe('user');
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.userId}/role`,
      headers: { cookie: admin.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{role:',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await changeRole('no-such-user', { role: 'admin' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
    expect(await roleChangedRows('no-such-user')).toHaveLength(0);
  });

  it('refuses a learner (403) and a cross-site request', async () => {
    const learner = await signedInUser(t);
    expect((await changeRole(learner.userId, { role: 'admin' }, learner.cookie)).statusCode).toBe(
      403,
    );
    const crossSite = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${learner.userId}/role`,
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
      payload: { role: 'admin' },
    });
    expect(crossSite.statusCode).toBe(403);
    const [stored] = await t.database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, learner.userId));
    expect(stored!.role).toBe('user');
  });
});
