import { upsertSettingValues } from '../../db/setting-rows.ts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentServiceName } from '#shared/contracts/support';
import type { Database, DbExecutor } from '../../db/client.ts';
import {
  homePageSettings,
  logoSettings,
  paymentServices,
  profiles,
  stories,
} from '../../db/schema.ts';

// --- logo -------------------------------------------------------------------------------------

export async function findActiveLogo(db: DbExecutor) {
  const [row] = await db
    .select()
    .from(logoSettings)
    .where(eq(logoSettings.isActive, true))
    .orderBy(desc(logoSettings.createdAt))
    .limit(1);
  return row;
}

/** The new logo becomes the only active row; earlier rows stay as history, inactive. */
export async function replaceActiveLogo(
  db: Database,
  values: { logoUrl: string; altText: string },
) {
  return db.transaction(async (tx) => {
    // Serialises concurrent updates, so exactly one row ends up active.
    await tx.execute(sql`lock table ${logoSettings} in share row exclusive mode`);
    await tx.update(logoSettings).set({ isActive: false }).where(eq(logoSettings.isActive, true));
    const [row] = await tx
      .insert(logoSettings)
      .values({ ...values, isActive: true })
      .returning();
    return row!;
  });
}

// --- platform settings (key/value rows of home_page_settings) ---------------------------------

export async function readSettingValues(db: DbExecutor, keys: readonly string[]) {
  const rows = await db
    .select({ key: homePageSettings.settingKey, value: homePageSettings.settingValue })
    .from(homePageSettings)
    .where(inArray(homePageSettings.settingKey, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Upserts values only: an image set on the same key (none today) is kept. */
export const writeSettingValues = (db: DbExecutor, entries: Record<string, string>) =>
  upsertSettingValues(db, homePageSettings, entries);

// --- payment services -------------------------------------------------------------------------

export function listPaymentServices(db: DbExecutor) {
  return db.select().from(paymentServices).orderBy(asc(paymentServices.serviceName));
}

/** Sets the switch, creating the service's row when it is missing. */
export async function setPaymentServiceEnabled(
  db: DbExecutor,
  serviceName: PaymentServiceName,
  isEnabled: boolean,
) {
  const [row] = await db
    .insert(paymentServices)
    .values({ serviceName, isEnabled })
    .onConflictDoUpdate({
      target: paymentServices.serviceName,
      set: { isEnabled, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

// --- health check -----------------------------------------------------------------------------

export async function selectOneStoryId(db: DbExecutor) {
  const [row] = await db.select({ id: stories.id }).from(stories).limit(1);
  return row?.id ?? null;
}

export async function findProfileEmail(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.email ?? null;
}
