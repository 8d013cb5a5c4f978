import { sql } from 'drizzle-orm';
import type { DbExecutor } from './client.ts';
import type { adminSettings, homePageSettings, supportSettings } from './schema.ts';

/** The key/value settings tables (setting_key unique, setting_value, updated_at). */
type SettingsTable = typeof homePageSettings | typeof supportSettings | typeof adminSettings;

/** Upserts `entries` as setting_key → setting_value rows; other columns of a row are kept. */
export async function upsertSettingValues(
  db: DbExecutor,
  table: SettingsTable,
  entries: Record<string, string>,
): Promise<void> {
  const values = Object.entries(entries).map(([settingKey, settingValue]) => ({
    settingKey,
    settingValue,
    updatedAt: new Date(),
  }));
  if (values.length === 0) return;
  await db
    .insert(table)
    .values(values)
    .onConflictDoUpdate({
      target: table.settingKey,
      set: { settingValue: sql`excluded.setting_value`, updatedAt: sql`excluded.updated_at` },
    });
}
