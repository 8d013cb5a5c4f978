import { desc, eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import {
  chapters,
  migrationRecords,
  profiles,
  stories,
  userStoryProgress,
  users,
} from '../../db/schema.ts';

export type MigrationRecordRow = typeof migrationRecords.$inferSelect & {
  recordedByEmail: string | null;
};

/** A row of drizzle's own table of applied migrations. */
export interface AppliedMigrationRow {
  hash: string;
  /** The journal's timestamp of the file (milliseconds). */
  createdAt: number;
}

const recordColumns = {
  id: migrationRecords.id,
  name: migrationRecords.name,
  description: migrationRecords.description,
  appliedAt: migrationRecords.appliedAt,
  rollbackSql: migrationRecords.rollbackSql,
  recordedBy: migrationRecords.recordedBy,
  createdAt: migrationRecords.createdAt,
  recordedByEmail: users.email,
};

/**
 * The migrations screen: one row of each table the safety checks cover (enough to prove the
 * table exists, has the columns the app selects and can be read; nothing is written), what the
 * server applied, and the records administrators keep.
 */
export const createAdminMigrationsRepository = defineRepository((db) => ({
  async readOneProfile(): Promise<void> {
    await db.select({ id: profiles.id }).from(profiles).limit(1);
  },
  async readOneProgress(): Promise<void> {
    await db.select({ id: userStoryProgress.id }).from(userStoryProgress).limit(1);
  },
  async readOneStoryAndChapter(): Promise<void> {
    await Promise.all([
      db.select({ id: stories.id }).from(stories).limit(1),
      db.select({ id: chapters.id }).from(chapters).limit(1),
    ]);
  },

  /** drizzle-orm's migrator writes one row per applied file into this table, in order. */
  async listApplied(): Promise<AppliedMigrationRow[]> {
    const result = await db.execute<{ hash: string; created_at: string | number }>(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
    );
    return result.rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
  },

  /** Newest application first. */
  listRecords(): Promise<MigrationRecordRow[]> {
    return db
      .select(recordColumns)
      .from(migrationRecords)
      .leftJoin(users, eq(users.id, migrationRecords.recordedBy))
      .orderBy(desc(migrationRecords.appliedAt), desc(migrationRecords.createdAt));
  },

  async insertRecord(values: {
    name: string;
    description: string;
    appliedAt: Date;
    rollbackSql: string;
    recordedBy: string;
  }): Promise<MigrationRecordRow> {
    const [row] = await db.insert(migrationRecords).values(values).returning();
    const [email] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, values.recordedBy));
    return { ...row!, recordedByEmail: email?.email ?? null };
  },

  async deleteRecord(id: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await db
      .delete(migrationRecords)
      .where(eq(migrationRecords.id, id))
      .returning({ id: migrationRecords.id, name: migrationRecords.name });
    return row;
  },

  async deleteAllRecords(): Promise<number> {
    const rows = await db.delete(migrationRecords).returning({ id: migrationRecords.id });
    return rows.length;
  },
}));

export type AdminMigrationsRepository = ReturnType<typeof createAdminMigrationsRepository>;
