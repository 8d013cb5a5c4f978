import type { MigrationRecord } from '#shared/contracts/admin-migrations';
import { migrationHistory } from './migration-stores';

export interface NewMigrationRecord {
  name: string;
  description: string;
  rollbackSql: string;
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Records a migration as applied now; it can be rolled back when it has rollback SQL. */
export function recordMigration(input: NewMigrationRecord, now = new Date()): MigrationRecord {
  const rollbackSql = input.rollbackSql.trim();
  const record: MigrationRecord = {
    id: newId(),
    name: input.name.trim(),
    description: input.description.trim(),
    appliedAt: now.toISOString(),
    rollbackSql,
    canRollback: rollbackSql.length > 0,
  };
  migrationHistory.write([...migrationHistory.read(), record]);
  return record;
}

/** Marking a migration as rolled back removes it from the history (spec §4). */
export function markRolledBack(id: string): void {
  migrationHistory.write(migrationHistory.read().filter((record) => record.id !== id));
}

export function clearHistory(): void {
  migrationHistory.write(null);
}

/** Newest first. */
export const sortedHistory = (records: readonly MigrationRecord[]) =>
  [...records].sort((a, b) => b.appliedAt.localeCompare(a.appliedAt));

/** The export file: the records as stored, pretty-printed. */
export function historyExport(records: readonly MigrationRecord[], now = new Date()) {
  return {
    filename: `migration-history-${now.toISOString().slice(0, 10)}.json`,
    json: `${JSON.stringify(records, null, 2)}\n`,
  };
}

export const useMigrationHistory = () => migrationHistory.use();
