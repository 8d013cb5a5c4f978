import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentServiceName } from '#shared/contracts/support';
import { defineRepository } from '../../db/repository.ts';
import type { LogoRow } from '../site/site.repository.ts';
import { upsertSettingValues } from '../../db/setting-rows.ts';
import {
  adminSettings,
  homePageSettings,
  logoSettings,
  paymentServices,
  profiles,
  stories,
} from '../../db/schema.ts';

export type PaymentServiceRow = typeof paymentServices.$inferSelect;

/** The System Settings screen: logo, platform settings, payment switches, health-check reads. */
export const createAdminSettingsRepository = defineRepository((db) => ({
  // --- logo (the public pages' lookup of the active one is the site repository's) ----------

  /**
   * The new logo becomes the only active row; earlier rows stay as history, inactive. Run it in
   * a transaction: the table lock that serialises concurrent updates (so exactly one row ends up
   * active) lasts until the transaction ends.
   */
  async replaceActiveLogo(values: { logoUrl: string; altText: string }): Promise<LogoRow> {
    await db.execute(sql`lock table ${logoSettings} in share row exclusive mode`);
    await db.update(logoSettings).set({ isActive: false }).where(eq(logoSettings.isActive, true));
    const [row] = await db
      .insert(logoSettings)
      .values({ ...values, isActive: true })
      .returning();
    return row!;
  },

  // --- platform settings (key/value rows of home_page_settings) -------------------------------

  async readSettingValues(keys: readonly string[]) {
    const rows = await db
      .select({ key: homePageSettings.settingKey, value: homePageSettings.settingValue })
      .from(homePageSettings)
      .where(inArray(homePageSettings.settingKey, [...keys]));
    return new Map(rows.map((row) => [row.key, row.value]));
  },

  /** Upserts values only: an image set on the same key (none today) is kept. */
  writeSettingValues(entries: Record<string, string>) {
    return upsertSettingValues(db, homePageSettings, entries);
  },

  // --- settings only administrators read (admin_settings, decision 043) -----------------------

  async readAdminSetting(key: string): Promise<string | undefined> {
    const [row] = await db
      .select({ value: adminSettings.settingValue })
      .from(adminSettings)
      .where(eq(adminSettings.settingKey, key));
    return row?.value;
  },

  writeAdminSetting(key: string, value: string) {
    return upsertSettingValues(db, adminSettings, { [key]: value });
  },

  // --- payment services -----------------------------------------------------------------------

  listPaymentServices(): Promise<PaymentServiceRow[]> {
    return db.select().from(paymentServices).orderBy(asc(paymentServices.serviceName));
  },

  /** Sets the switch, creating the service's row when it is missing. */
  async setPaymentServiceEnabled(
    serviceName: PaymentServiceName,
    isEnabled: boolean,
  ): Promise<PaymentServiceRow> {
    const [row] = await db
      .insert(paymentServices)
      .values({ serviceName, isEnabled })
      .onConflictDoUpdate({
        target: paymentServices.serviceName,
        set: { isEnabled, updatedAt: new Date() },
      })
      .returning();
    return row!;
  },

  // --- health check ---------------------------------------------------------------------------

  async selectOneStoryId(): Promise<string | null> {
    const [row] = await db.select({ id: stories.id }).from(stories).limit(1);
    return row?.id ?? null;
  },

  async findProfileEmail(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, userId));
    return row?.email ?? null;
  },
}));

export type AdminSettingsRepository = ReturnType<typeof createAdminSettingsRepository>;
