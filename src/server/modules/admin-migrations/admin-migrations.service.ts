import type { FastifyBaseLogger } from 'fastify';
import type { DryRunResponse, SafetyCheck, SafetyReport } from '#shared/contracts/admin-migrations';
import type { Bucket } from '#shared/files';
import { analyseMigration } from '#shared/migrations/dry-run';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { AdminMigrationsRepository } from './admin-migrations.repository.ts';

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

/** The migrations screen: safety checks before a migration, and the SQL dry-run. */
export function createAdminMigrationsService(deps: {
  migrations: AdminMigrationsRepository;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  const { migrations, storage, log } = deps;
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
  };
}

export type AdminMigrationsService = ReturnType<typeof createAdminMigrationsService>;
