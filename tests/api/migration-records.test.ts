import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appliedMigrationsResponseSchema,
  migrationRecordSchema,
  type MigrationRecord,
} from '#shared/contracts/admin-migrations';
import { migrationsFolder } from '#server/db/client';
import { migrationRecords, securityAuditLog } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The migration history (issue 12, decision 025): what the server applied, read from drizzle's
 * table and matched to the journal, beside the records administrators keep in the database.
 */

const ORIGIN = 'http://localhost:3000';
const RECORDS = '/api/admin/migrations/records';
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let admin: User;
let otherAdmin: User;
let learner: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  otherAdmin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(migrationRecords);
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  cookie: string | null = admin.cookie,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...(cookie ? { cookie } : {}), origin: ORIGIN },
  });

const record = async (payload: object, cookie = admin.cookie) => {
  const res = await call('POST', RECORDS, payload, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return migrationRecordSchema.parse(res.json().record);
};
const list = async (cookie = admin.cookie) => {
  const res = await call('GET', RECORDS, undefined, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { records: MigrationRecord[] }).records;
};
const auditOf = async (action: string) =>
  t.database.db
    .select()
    .from(securityAuditLog)
    .where(eq(securityAuditLog.action, action))
    .orderBy(desc(securityAuditLog.createdAt));

describe('access', () => {
  it.each([
    ['GET', '/api/admin/migrations/applied'],
    ['GET', RECORDS],
    ['POST', RECORDS],
    ['DELETE', RECORDS],
    ['DELETE', `${RECORDS}/00000000-0000-4000-8000-000000000000`],
  ] as const)('%s %s: 401 for visitors, 403 for learners, nothing changed', async (method, url) => {
    await record({ name: '0009_kept', description: '', rollbackSql: '' });
    const body = method === 'POST' ? { name: 'x', description: '', rollbackSql: '' } : undefined;
    expect((await call(method, url, body, null)).statusCode).toBe(401);
    expect((await call(method, url, body, learner.cookie)).statusCode).toBe(403);
    expect((await list()).map((r) => r.name)).toEqual(['0009_kept']);
  });
});

describe('migration records', () => {
  it('records a migration, trimmed, with who recorded it; every administrator sees it', async () => {
    const before = Date.now();
    const created = await record({
      name: '  0007_story_subtitle ',
      description: ' Adds a subtitle to stories. ',
      rollbackSql: '\nBEGIN;\nALTER TABLE stories DROP COLUMN subtitle;\nCOMMIT;\n',
    });
    expect(created).toMatchObject({
      name: '0007_story_subtitle',
      description: 'Adds a subtitle to stories.',
      rollbackSql: 'BEGIN;\nALTER TABLE stories DROP COLUMN subtitle;\nCOMMIT;',
      canRollback: true,
      recordedBy: admin.email,
    });
    expect(Date.parse(created.appliedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Stored in the database, not in one browser: another administrator reads the same.
    expect(await list(otherAdmin.cookie)).toEqual([created]);
  });

  it('keeps a given application time, and lists the newest application first', async () => {
    await record({
      name: '0001_old',
      description: '',
      rollbackSql: '',
      appliedAt: '2025-01-02T03:04:05.000Z',
    });
    await record({
      name: '0003_newer',
      description: '',
      rollbackSql: 'DROP TABLE x;',
      appliedAt: '2025-03-01T00:00:00+01:00',
    });
    const records = await list();
    expect(records.map((r) => [r.name, r.appliedAt, r.canRollback])).toEqual([
      ['0003_newer', '2025-02-28T23:00:00.000Z', true],
      ['0001_old', '2025-01-02T03:04:05.000Z', false],
    ]);
  });

  it.each([
    [{ name: '   ', description: '', rollbackSql: '' }, 'Migration name is required'],
    [
      { name: 'a'.repeat(201), description: '', rollbackSql: '' },
      'Migration name must be at most 200 characters',
    ],
    [
      { name: 'a', description: 'd'.repeat(2001), rollbackSql: '' },
      'Description must be at most 2,000 characters',
    ],
    [{ name: 'a', description: '', rollbackSql: '', appliedAt: 'yesterday' }, undefined],
    [{ name: 'a', description: '', rollbackSql: '', canRollback: true }, undefined],
    [{ name: 'a' }, undefined],
  ])('refuses %j with 400 in the common shape', async (payload, message) => {
    const res = await call('POST', RECORDS, payload);
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('VALIDATION_ERROR');
    if (message) expect(error.message).toBe(message);
    expect(await list()).toEqual([]);
  });

  it('removes a record marked as rolled back, once', async () => {
    const kept = await record({ name: '0001_kept', description: '', rollbackSql: '' });
    const gone = await record({ name: '0002_gone', description: '', rollbackSql: 'SELECT 1;' });
    const res = await call('DELETE', `${RECORDS}/${gone.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await list()).toEqual([kept]);
    const again = await call('DELETE', `${RECORDS}/${gone.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Migration record not found');
    expect((await call('DELETE', `${RECORDS}/not-a-uuid`)).statusCode).toBe(400);
  });

  it('clears every record', async () => {
    await record({ name: '0001', description: '', rollbackSql: '' });
    await record({ name: '0002', description: '', rollbackSql: '' });
    const res = await call('DELETE', RECORDS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await list()).toEqual([]);
  });

  it('audits who recorded, removed and cleared what', async () => {
    const created = await record({ name: '0004_audited', description: '', rollbackSql: '' });
    const [recorded] = await auditOf('migration_recorded');
    expect(recorded).toMatchObject({
      userId: admin.userId,
      details: expect.objectContaining({ name: '0004_audited', recordId: created.id }),
    });
    await call('DELETE', `${RECORDS}/${created.id}`, undefined, otherAdmin.cookie);
    const [removed] = await auditOf('migration_record_removed');
    expect(removed).toMatchObject({
      userId: otherAdmin.userId,
      details: expect.objectContaining({ name: '0004_audited', recordId: created.id }),
    });
    await record({ name: '0005', description: '', rollbackSql: '' });
    await call('DELETE', RECORDS);
    const [cleared] = await auditOf('migration_history_cleared');
    expect(cleared).toMatchObject({
      userId: admin.userId,
      details: expect.objectContaining({ count: 1 }),
    });
  });

  it('keeps a record whose author account is deleted, without the author', async () => {
    const gone = await signedInUser(t, { role: 'admin' });
    const created = await record({ name: '0006', description: '', rollbackSql: '' }, gone.cookie);
    expect(created.recordedBy).toBe(gone.email);
    await t.database.db.execute(sql`delete from users where id = ${gone.userId}`);
    expect(await list()).toEqual([{ ...created, recordedBy: null }]);
  });
});

describe('what the server applied', () => {
  /** The journal and files, read independently of the server's reader. */
  const journal = () => {
    const { entries } = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: Array<{ tag: string; when: number }> };
    return entries.map((entry) => ({
      tag: entry.tag,
      createdAt: new Date(entry.when).toISOString(),
      hash: createHash('sha256')
        .update(fs.readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`)))
        .digest('hex'),
    }));
  };
  const applied = async () => {
    const res = await call('GET', '/api/admin/migrations/applied');
    expect(res.statusCode).toBe(200);
    return appliedMigrationsResponseSchema.parse(res.json());
  };

  it('equals the journal: every file applied, in order, as written', async () => {
    const files = journal();
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(await applied()).toEqual({
      applied: files.map((file) => ({ ...file, matchesFile: true })),
      pending: [],
    });
  });

  it("says when a file was edited after it was applied, and what the database hasn't applied", async () => {
    // A row no file of this build explains (a newer build's migration), after all the others.
    const UNKNOWN_FILE_TIME = 4_102_444_800_000;
    const files = journal();
    const [first] = files;
    const last = files.at(-1)!;
    await t.database.db.execute(
      sql`update drizzle.__drizzle_migrations set hash = 'edited' where hash = ${first!.hash}`,
    );
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${Date.parse(last.createdAt)}`,
    );
    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('unknown', ${UNKNOWN_FILE_TIME})`,
    );
    const result = await applied();
    expect(result.applied[0]).toEqual({ ...first, hash: 'edited', matchesFile: false });
    expect(result.applied.at(-1)).toEqual({
      tag: null,
      hash: 'unknown',
      createdAt: new Date(UNKNOWN_FILE_TIME).toISOString(),
      matchesFile: false,
    });
    expect(result.applied.map((row) => row.tag)).not.toContain(last.tag);
    expect(result.pending).toEqual([last.tag]);
  });
});
