import { asc, desc, eq } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { homePageSettings, logoSettings, trackingTags } from '../../db/schema.ts';

export type LogoRow = typeof logoSettings.$inferSelect;

/** What every page reads about the site: its images and values, the logo, the tracking tags. */
export const createSiteRepository = defineRepository((db) => ({
  listHomePageSettings() {
    return db.select().from(homePageSettings).orderBy(asc(homePageSettings.settingKey));
  },

  /** The logo the site shows: the newest active one. */
  async findActiveLogo(): Promise<LogoRow | undefined> {
    const [row] = await db
      .select()
      .from(logoSettings)
      .where(eq(logoSettings.isActive, true))
      .orderBy(desc(logoSettings.createdAt))
      .limit(1);
    return row;
  },

  /** Public injection reads active tags oldest first (spec). */
  listActiveTrackingTags() {
    return db
      .select()
      .from(trackingTags)
      .where(eq(trackingTags.isActive, true))
      .orderBy(asc(trackingTags.createdAt));
  },
}));

export type SiteRepository = ReturnType<typeof createSiteRepository>;
