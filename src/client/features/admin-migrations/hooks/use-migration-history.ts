import type { MigrationRecord } from '#shared/contracts/admin-migrations';
import { legacyMigrationHistory } from './migration-stores';

/** The export file: the records as the server lists them, pretty-printed. */
export function historyExport(records: readonly MigrationRecord[], now = new Date()) {
  return {
    filename: `migration-history-${now.toISOString().slice(0, 10)}.json`,
    json: `${JSON.stringify(records, null, 2)}\n`,
  };
}

/** Records an earlier version kept in this browser only (none once they have been moved). */
export const useLegacyRecords = () => legacyMigrationHistory.use();

export function forgetLegacyRecords(): void {
  legacyMigrationHistory.write(null);
}
