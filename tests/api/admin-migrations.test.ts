import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dryRunResponseSchema,
  safetyReportSchema,
  type SafetyReport,
} from '#shared/contracts/admin-migrations';
import { dropMessage, dryRunMessages, MAX_DRY_RUN_SQL_LENGTH } from '#shared/migrations/dry-run';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  user = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, cookie: string | undefined, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const runChecks = async () => {
  const res = await post('/api/admin/migrations/safety-checks', admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return safetyReportSchema.parse(res.json());
};

const checkNamed = (report: SafetyReport, name: string) => {
  const check = report.checks.find((candidate) => candidate.name === name);
  if (!check) throw new Error(`no check named ${name}`);
  return check;
};

describe('POST /api/admin/migrations/safety-checks', () => {
  it('refuses visitors and learners', async () => {
    expect((await post('/api/admin/migrations/safety-checks', undefined)).statusCode).toBe(401);
    expect((await post('/api/admin/migrations/safety-checks', user.cookie)).statusCode).toBe(403);
  });

  it('passes the four checks on a healthy app', async () => {
    await insertStory(t.database.db, {}, 2);
    const before = Date.now();
    const res = await post('/api/admin/migrations/safety-checks', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = safetyReportSchema.parse(res.json());
    expect(report.safe).toBe(true);
    expect(report.checks).toEqual([
      {
        name: 'Profiles access',
        passed: true,
        severity: 'info',
        message: 'The profiles table can be read.',
      },
      {
        name: 'Progress tracking access',
        passed: true,
        severity: 'info',
        message: 'The user_story_progress table can be read.',
      },
      {
        name: 'Stories and chapters access',
        passed: true,
        severity: 'info',
        message: 'The stories and chapters tables can be read.',
      },
      {
        name: 'Storage buckets',
        passed: true,
        severity: 'info',
        message: 'The storage buckets audios, trans, series-images can be reached.',
      },
    ]);
    expect(Date.parse(report.timestamp)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('reports an unreadable table as a critical failure and the system as unsafe', async () => {
    await t.database.db.execute(sql`alter table user_story_progress rename to usp_moved`);
    try {
      const report = await runChecks();
      expect(report.safe).toBe(false);
      const progress = checkNamed(report, 'Progress tracking access');
      expect(progress.passed).toBe(false);
      expect(progress.severity).toBe('critical');
      expect(progress.message).toBe(
        'The user_story_progress table cannot be read: relation "user_story_progress" does not exist',
      );
      expect(checkNamed(report, 'Profiles access').passed).toBe(true);
      expect(checkNamed(report, 'Stories and chapters access').passed).toBe(true);
    } finally {
      await t.database.db.execute(sql`alter table usp_moved rename to user_story_progress`);
    }
    expect((await runChecks()).safe).toBe(true);
  });

  it('flags a missing chapters table under stories and chapters', async () => {
    await t.database.db.execute(sql`alter table chapters rename to chapters_moved`);
    try {
      const report = await runChecks();
      expect(report.safe).toBe(false);
      const content = checkNamed(report, 'Stories and chapters access');
      expect(content).toMatchObject({ passed: false, severity: 'critical' });
      expect(content.message).toContain('relation "chapters" does not exist');
    } finally {
      await t.database.db.execute(sql`alter table chapters_moved rename to chapters`);
    }
  });

  it('reports unreachable storage as a warning that keeps the system safe', async () => {
    const bucketDir = path.join(t.config.dataDir, 'storage', 'trans');
    const movedDir = `${bucketDir}-moved`;
    fs.renameSync(bucketDir, movedDir);
    try {
      const report = await runChecks();
      const storage = checkNamed(report, 'Storage buckets');
      expect(storage).toMatchObject({ passed: false, severity: 'warning' });
      expect(storage.message).toMatch(/^The storage buckets cannot be reached: .*trans/);
      expect(report.safe).toBe(true);
    } finally {
      fs.renameSync(movedDir, bucketDir);
    }
  });
});

describe('POST /api/admin/migrations/dry-run', () => {
  /** As the administrator unless another cookie (or null: a visitor) is given. */
  const dryRun = (payload: unknown, cookie: string | null = admin.cookie) =>
    post('/api/admin/migrations/dry-run', cookie ?? undefined, payload);

  it('refuses visitors and learners before reading the SQL', async () => {
    expect((await dryRun({ sql: 'SELECT 1;' }, null)).statusCode).toBe(401);
    expect((await dryRun({ sql: 'SELECT 1;' }, user.cookie)).statusCode).toBe(403);
  });

  it('passes a safe migration and lists its tables', async () => {
    const res = await dryRun({
      sql: 'BEGIN;\nCREATE TABLE public.notes (id uuid PRIMARY KEY);\nCOMMIT;',
    });
    expect(res.statusCode).toBe(200);
    expect(dryRunResponseSchema.parse(res.json())).toEqual({
      dryRun: {
        success: true,
        errors: [],
        warnings: [],
        affectedTables: ['notes'],
        destructive: false,
      },
      validation: { safe: true, issues: [] },
      passed: true,
    });
  });

  it('fails a dangerous migration with the spec messages, and executes nothing', async () => {
    const res = await dryRun({
      sql: "DROP TABLE stories CASCADE;\nDROP DATABASE relatos;\nDELETE FROM auth.users WHERE id = '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10';",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dryRun: {
        success: false,
        errors: [dryRunMessages.dropDatabase],
        warnings: [
          dryRunMessages.dropTableCascade,
          dropMessage('TABLE'),
          dryRunMessages.noTransaction,
        ],
        affectedTables: ['stories'],
        destructive: true,
      },
      validation: {
        safe: false,
        issues: [dryRunMessages.authUsers, dryRunMessages.hardcodedUuid],
      },
      passed: false,
    });
    const [row] = (
      await t.database.db.execute<{ present: string | null }>(
        sql`select to_regclass('public.stories')::text as present`,
      )
    ).rows;
    expect(row?.present).toBe('stories');
  });

  it.each([
    ['an empty text', { sql: '' }, 'Please enter SQL to test'],
    ['a blank text', { sql: ' \n\t ' }, 'Please enter SQL to test'],
    ['a missing sql', {}, undefined],
    ['a number', { sql: 42 }, undefined],
    ['an unknown field', { sql: 'SELECT 1;', run: true }, undefined],
  ])('answers 400 to %s', async (_name, payload, message) => {
    const res = await dryRun(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as {
      error: { code: string; details: { issues: { message: string }[] } };
    };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    if (message) expect(body.error.details.issues.map((i) => i.message)).toContain(message);
  });

  it('answers 400 to SQL over 100 000 characters and accepts exactly the limit', async () => {
    const over = await dryRun({ sql: `SELECT 1;${' '.repeat(MAX_DRY_RUN_SQL_LENGTH - 8)}` });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.details.issues[0].message).toBe(
      'The SQL is too long (at most 100,000 characters)',
    );
    const atLimit = await dryRun({ sql: `SELECT 1;${' '.repeat(MAX_DRY_RUN_SQL_LENGTH - 9)}` });
    expect(atLimit.statusCode).toBe(200);
  });

  it('answers 413 to a body over the JSON limit', async () => {
    const res = await dryRun({ sql: 'x'.repeat(300 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
