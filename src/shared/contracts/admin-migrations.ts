import { z } from 'zod';
import { MAX_DRY_RUN_SQL_LENGTH } from '../migrations/dry-run.ts';

/** Severity of one safety check (spec §3 'Safety check report'). */
export const safetySeverities = ['info', 'warning', 'critical'] as const;
export type SafetySeverity = (typeof safetySeverities)[number];

export const safetyCheckSchema = z.object({
  name: z.string(),
  passed: z.boolean(),
  severity: z.enum(safetySeverities),
  message: z.string(),
});
export type SafetyCheck = z.infer<typeof safetyCheckSchema>;

/** POST /api/admin/migrations/safety-checks: safe unless a failed check is critical. */
export const safetyReportSchema = z.object({
  safe: z.boolean(),
  checks: z.array(safetyCheckSchema),
  timestamp: z.iso.datetime(),
});
export type SafetyReport = z.infer<typeof safetyReportSchema>;

/** The answer's sentence under the verdict (spec §8 'Migration tools'). */
export const safetyResultText = {
  safe: 'All safety checks passed. System is ready for migrations.',
  unsafe: 'Please resolve critical issues before proceeding with migrations.',
} as const;

/** Refused before the analyser sees it (spec: 'Please enter SQL to test'). */
export const EMPTY_SQL_MESSAGE = 'Please enter SQL to test';
export const SQL_TOO_LONG_MESSAGE = `The SQL is too long (at most ${MAX_DRY_RUN_SQL_LENGTH.toLocaleString('en-US')} characters)`;

/** POST /api/admin/migrations/dry-run. The SQL is read, never executed. */
export const dryRunBodySchema = z
  .object({
    sql: z
      .string()
      .max(MAX_DRY_RUN_SQL_LENGTH, SQL_TOO_LONG_MESSAGE)
      .refine((sql) => sql.trim().length > 0, EMPTY_SQL_MESSAGE),
  })
  .strict();
export type DryRunBody = z.infer<typeof dryRunBodySchema>;

export const dryRunResultSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  affectedTables: z.array(z.string()),
  /** An error or a warning about a statement that destroys or rewrites something. */
  destructive: z.boolean(),
});
export const validationResultSchema = z.object({
  safe: z.boolean(),
  issues: z.array(z.string()),
});
export const dryRunResponseSchema = z.object({
  dryRun: dryRunResultSchema,
  validation: validationResultSchema,
  /** Dry-run success, validation safe and nothing destructive: only then 'appears safe'. */
  passed: z.boolean(),
});
export type DryRunResponse = z.infer<typeof dryRunResponseSchema>;

// --- the migration history (issue 12, decision 025) ----------------------------------------
//
//   GET    /api/admin/migrations/applied        → AppliedMigrations (what the server applied)
//   GET    /api/admin/migrations/records        → { records } (newest first)
//   POST   /api/admin/migrations/records        body MigrationRecordInput → 201 { record }
//   DELETE /api/admin/migrations/records/:id    → 204 (marked as rolled back: removed)
//   DELETE /api/admin/migrations/records        → { deleted } (Clear)

export const MIGRATION_NAME_MAX = 200;
export const MIGRATION_DESCRIPTION_MAX = 2000;
export const ROLLBACK_SQL_MAX = MAX_DRY_RUN_SQL_LENGTH;
export const MIGRATION_NAME_REQUIRED = 'Migration name is required';

/**
 * A migration record of the tracker (spec §3): what an administrator applied and how to undo it.
 * Kept in the database (migration_records), shared by every administrator and browser.
 */
export const migrationRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  appliedAt: z.iso.datetime(),
  rollbackSql: z.string(),
  /** True when there is rollback SQL to show. */
  canRollback: z.boolean(),
  /** The e-mail of the administrator who recorded it (null once that account is gone). */
  recordedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type MigrationRecord = z.infer<typeof migrationRecordSchema>;

/** What the Record form sends; the form validates with this same schema (decision 020). */
export const migrationRecordInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, MIGRATION_NAME_REQUIRED)
      .max(MIGRATION_NAME_MAX, `Migration name must be at most ${MIGRATION_NAME_MAX} characters`),
    description: z
      .string()
      .trim()
      .max(
        MIGRATION_DESCRIPTION_MAX,
        `Description must be at most ${MIGRATION_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
      ),
    rollbackSql: z
      .string()
      .max(
        ROLLBACK_SQL_MAX,
        `Rollback SQL must be at most ${ROLLBACK_SQL_MAX.toLocaleString('en-US')} characters`,
      )
      .transform((sql) => sql.trim()),
    /** When it was applied; now when absent (a record made right after running it). */
    appliedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type MigrationRecordInput = z.input<typeof migrationRecordInputSchema>;
export type MigrationRecordValues = z.output<typeof migrationRecordInputSchema>;

export const migrationRecordsResponseSchema = z.object({
  records: z.array(migrationRecordSchema),
});
export const migrationRecordResponseSchema = z.object({ record: migrationRecordSchema });
export const migrationRecordParamsSchema = z.object({ id: z.uuid() });
export const migrationRecordsClearedSchema = z.object({ deleted: z.number().int().nonnegative() });

/**
 * One migration the server applied: a row of drizzle's own table
 * (drizzle.__drizzle_migrations: the file's SHA-256 and the journal's timestamp), matched to its
 * file in src/server/db/migrations by that timestamp.
 */
export const appliedMigrationSchema = z.object({
  /** The file's name without `.sql` (the journal's tag), or null when no journal entry matches. */
  tag: z.string().nullable(),
  /** SHA-256 of the SQL as it was applied. */
  hash: z.string(),
  /** The journal timestamp drizzle stores (when the migration was generated). */
  createdAt: z.iso.datetime(),
  /** False when the file now differs from what was applied (edited afterwards). */
  matchesFile: z.boolean(),
});
export type AppliedMigration = z.infer<typeof appliedMigrationSchema>;

export const appliedMigrationsResponseSchema = z.object({
  applied: z.array(appliedMigrationSchema),
  /** Files of the journal the database has not applied (the next start applies them). */
  pending: z.array(z.string()),
});
export type AppliedMigrations = z.infer<typeof appliedMigrationsResponseSchema>;

export const testOperationResults = ['success', 'failure'] as const;

/** One entry of the test-mode log (spec §3 'Test operation record'). */
export const testOperationSchema = z.object({
  operation: z.string(),
  result: z.enum(testOperationResults),
  details: z.object({
    description: z.string(),
    sqlLength: z.number().int().nonnegative().optional(),
    affectedTables: z.array(z.string()).optional(),
    errors: z.array(z.string()).optional(),
    warnings: z.array(z.string()).optional(),
  }),
  timestamp: z.iso.datetime(),
});
export type TestOperation = z.infer<typeof testOperationSchema>;

/** Test mode, kept in the browser session; the log key is the operation name plus a ms timestamp. */
export const testModeConfigSchema = z.object({
  enabled: z.boolean(),
  startedAt: z.iso.datetime(),
  testData: z.record(z.string(), testOperationSchema),
});
export type TestModeConfig = z.infer<typeof testModeConfigSchema>;
