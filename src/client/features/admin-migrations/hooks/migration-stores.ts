import { z } from 'zod';
import {
  migrationRecordSchema,
  safetyReportSchema,
  testModeConfigSchema,
} from '#shared/contracts/admin-migrations';
import { storedValue } from './stored-value';

/** The migration tracker's records: local storage only (spec §7 'Migrations'). */
export const migrationHistory = storedValue(
  'local',
  'relatos.migrations.history',
  z.array(migrationRecordSchema),
  [],
);

/** The last safety check report, for this browser session. */
export const lastSafetyReport = storedValue(
  'session',
  'relatos.migrations.lastSafetyCheck',
  safetyReportSchema.nullable(),
  null,
);

/** Test mode: present while active, removed on Disable (spec §4). */
export const testModeConfig = storedValue(
  'session',
  'relatos.migrations.testMode',
  testModeConfigSchema.nullable(),
  null,
);
