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

/**
 * A migration record of the tracker (spec §3), kept in the browser's local storage only. The
 * schema is shared so the screen can check what it reads back from storage.
 */
export const migrationRecordSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  appliedAt: z.iso.datetime(),
  rollbackSql: z.string(),
  canRollback: z.boolean(),
});
export type MigrationRecord = z.infer<typeof migrationRecordSchema>;

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
