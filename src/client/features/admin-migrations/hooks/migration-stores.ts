import { z } from 'zod';
import { safetyReportSchema, testModeConfigSchema } from '#shared/contracts/admin-migrations';
import { storedValue } from './stored-value';

/**
 * Migration records this browser kept in its local storage before they moved to the database
 * (decision 025). Read only to offer moving them; the shape is what that version stored.
 */
export const legacyMigrationHistory = storedValue(
  'local',
  'relatos.migrations.history',
  z.array(
    z.object({
      id: z.string(),
      name: z.string().min(1),
      description: z.string(),
      appliedAt: z.iso.datetime(),
      rollbackSql: z.string(),
    }),
  ),
  [],
);

/** The last safety check report, for this browser session. */
export const lastSafetyReport = storedValue(
  'session',
  'relatos.migrations.lastSafetyCheck',
  safetyReportSchema.nullable(),
  null,
);

/**
 * Test mode, present while active and removed on Disable (spec §4). It and its log stay in this
 * browser tab's session storage (decision 025): they record what one person tries on this
 * screen, not the state of the database.
 */
export const testModeConfig = storedValue(
  'session',
  'relatos.migrations.testMode',
  testModeConfigSchema.nullable(),
  null,
);
