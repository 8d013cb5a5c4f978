import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from './client.ts';

/** One migration file as drizzle's migrator reads it. */
export interface JournalMigration {
  /** The file's name without `.sql`. */
  tag: string;
  /** The journal's `when`: what drizzle stores as the applied row's `created_at`. */
  createdAt: number;
  /** SHA-256 (hex) of the file's text: what drizzle stores as the applied row's `hash`. */
  hash: string;
}

interface Journal {
  entries: Array<{ tag: string; when: number }>;
}

/**
 * The migrations the server ships (src/server/db/migrations/meta/_journal.json and the files),
 * read and hashed exactly as drizzle-orm's migrator does before applying them.
 */
export async function readMigrationJournal(folder = migrationsFolder): Promise<JournalMigration[]> {
  const journal = JSON.parse(
    await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return Promise.all(
    journal.entries.map(async (entry) => ({
      tag: entry.tag,
      createdAt: entry.when,
      hash: createHash('sha256')
        .update(await fs.readFile(path.join(folder, `${entry.tag}.sql`), 'utf8'))
        .digest('hex'),
    })),
  );
}
