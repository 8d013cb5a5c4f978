import type { FastifyBaseLogger } from 'fastify';
import type {
  AppliedMigrations,
  DryRunResponse,
  MigrationRecord,
  MigrationRecordValues,
  SafetyCheck,
  SafetyReport,
} from '#shared/contracts/admin-migrations';
import type { Bucket } from '#shared/files';
import { analyseMigration } from '#shared/migrations/dry-run';
import type { JournalMigration } from '../../db/migration-journal.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { notFound } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type {
  AdminMigrationsRepository,
  MigrationRecordRow,
} from './admin-migrations.repository.ts';

export const MIGRATION_RECORD_NOT_FOUND = 'Migration record not found';

const toRecord = (row: MigrationRecordRow): MigrationRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  appliedAt: row.appliedAt.toISOString(),
  rollbackSql: row.rollbackSql,
  canRollback: row.rollbackSql.trim() !== '',
  recordedBy: row.recordedByEmail,
  createdAt: row.createdAt.toISOString(),
});

/** The buckets the app cannot work without (spec §7 'Migrations'). */
export const CHECKED_BUCKETS: readonly Bucket[] = ['audios', 'trans', 'series-images'];

/** A check that takes longer than this has failed: a hung database must not hang the screen. */
export const CHECK_TIMEOUT_MS = 10_000;

interface CheckDefinition {
  name: string;
  /** Severity reported when the check fails; a passed check is 'info'. */
  failureSeverity: 'warning' | 'critical';
  passMessage: string;
  failMessage: string;
  run(): Promise<void>;
}

/** The innermost cause's message (Drizzle wraps driver errors), short enough for one line. */
function reasonOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const message = current instanceof Error ? current.message : String(current);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The migrations screen: safety checks before a migration, the SQL dry-run, what the server
 * applied, and the records administrators keep (in the database, audited).
 */
export function createAdminMigrationsService(deps: {
  migrations: AdminMigrationsRepository;
  storage: ObjectStorage;
  transaction: TransactionRunner;
  audit: AuditLog;
  /** The migration files the server ships (db/migration-journal.ts). */
  journal: () => Promise<JournalMigration[]>;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  const { migrations, storage, transaction, audit, journal, log } = deps;
  const entry = (actor: Actor, details: Record<string, unknown>) => ({
    userId: actor.userId,
    origin: actor.origin,
    details,
  });
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;

  const definitions: CheckDefinition[] = [
    {
      name: 'Profiles access',
      failureSeverity: 'critical',
      passMessage: 'The profiles table can be read.',
      failMessage: 'The profiles table cannot be read',
      run: () => migrations.readOneProfile(),
    },
    {
      name: 'Progress tracking access',
      failureSeverity: 'critical',
      passMessage: 'The user_story_progress table can be read.',
      failMessage: 'The user_story_progress table cannot be read',
      run: () => migrations.readOneProgress(),
    },
    {
      name: 'Stories and chapters access',
      failureSeverity: 'critical',
      passMessage: 'The stories and chapters tables can be read.',
      failMessage: 'The stories or chapters table cannot be read',
      run: () => migrations.readOneStoryAndChapter(),
    },
    {
      name: 'Storage buckets',
      // Files live outside the database: a migration cannot break or fix them.
      failureSeverity: 'warning',
      passMessage: `The storage buckets ${CHECKED_BUCKETS.join(', ')} can be reached.`,
      failMessage: 'The storage buckets cannot be reached',
      async run() {
        await Promise.all(CHECKED_BUCKETS.map((bucket) => storage.list(bucket, { limit: 1 })));
        const status = await storage.check();
        if (!status.ok) throw new Error(status.detail ?? 'storage is not ready');
      },
    },
  ];

  async function runCheck(definition: CheckDefinition): Promise<SafetyCheck> {
    try {
      await withTimeout(definition.run(), timeoutMs);
      return {
        name: definition.name,
        passed: true,
        severity: 'info',
        message: definition.passMessage,
      };
    } catch (error) {
      log.warn({ err: error, check: definition.name }, 'migration safety check failed');
      return {
        name: definition.name,
        passed: false,
        severity: definition.failureSeverity,
        message: `${definition.failMessage}: ${reasonOf(error)}`,
      };
    }
  }

  return {
    /** Runs the four checks in parallel; safe unless a failed check is critical. */
    async runSafetyChecks(): Promise<SafetyReport> {
      const checks = await Promise.all(definitions.map(runCheck));
      const safe = !checks.some((check) => !check.passed && check.severity === 'critical');
      return { safe, checks, timestamp: new Date().toISOString() };
    },

    /** The shared static analysis; the SQL is never sent to the database. */
    dryRun(sql: string): DryRunResponse {
      return analyseMigration(sql);
    },

    /**
     * What the server applied (drizzle's table), each row named by its journal entry (matched by
     * the timestamp drizzle stores) and checked against the file's hash, and the journal's files
     * not applied yet.
     */
    async appliedMigrations(): Promise<AppliedMigrations> {
      const [rows, files] = await Promise.all([migrations.listApplied(), journal()]);
      const byTimestamp = new Map(files.map((file) => [file.createdAt, file]));
      const applied = rows.map((row) => {
        const file = byTimestamp.get(row.createdAt);
        return {
          tag: file?.tag ?? null,
          hash: row.hash,
          createdAt: new Date(row.createdAt).toISOString(),
          matchesFile: file?.hash === row.hash,
        };
      });
      const appliedAt = new Set(rows.map((row) => row.createdAt));
      const pending = files.filter((file) => !appliedAt.has(file.createdAt)).map((f) => f.tag);
      return { applied, pending };
    },

    async listRecords(): Promise<MigrationRecord[]> {
      return (await migrations.listRecords()).map(toRecord);
    },

    async createRecord(input: MigrationRecordValues, actor: Actor): Promise<MigrationRecord> {
      const row = await transaction(async (tx) => {
        const created = await migrations.in(tx).insertRecord({
          name: input.name,
          description: input.description,
          rollbackSql: input.rollbackSql,
          appliedAt: input.appliedAt ? new Date(input.appliedAt) : new Date(),
          recordedBy: actor.userId,
        });
        await audit.in(tx).record({
          action: 'migration_recorded',
          ...entry(actor, { name: created.name, recordId: created.id }),
        });
        return created;
      });
      return toRecord(row);
    },

    /** Marking a migration as rolled back removes its record (spec §4). */
    async removeRecord(id: string, actor: Actor): Promise<void> {
      await transaction(async (tx) => {
        const removed = await migrations.in(tx).deleteRecord(id);
        if (!removed) throw notFound(MIGRATION_RECORD_NOT_FOUND);
        await audit.in(tx).record({
          action: 'migration_record_removed',
          ...entry(actor, { name: removed.name, recordId: removed.id }),
        });
      });
    },

    /** The tracker's Clear: every record goes, in one audited step. */
    async clearRecords(actor: Actor): Promise<number> {
      return transaction(async (tx) => {
        const deleted = await migrations.in(tx).deleteAllRecords();
        await audit
          .in(tx)
          .record({ action: 'migration_history_cleared', ...entry(actor, { count: deleted }) });
        return deleted;
      });
    },
  };
}

export type AdminMigrationsService = ReturnType<typeof createAdminMigrationsService>;
