import type { PublicTrackingTag, SiteSettings } from '#shared/contracts/site';
import { siteImageKeys } from '#shared/contracts/site';
import type { SiteRepository } from './site.repository.ts';

/** Per-instance copies may be up to this stale (the spec caches these 5 minutes on the client too). */
const CACHE_MS = 60_000;

function cached<T>(load: () => Promise<T>) {
  let value: { at: number; data: Promise<T> } | undefined;
  return {
    get(): Promise<T> {
      if (!value || Date.now() - value.at > CACHE_MS) {
        const data = load();
        value = { at: Date.now(), data };
        data.catch(() => (value = undefined));
      }
      return value.data;
    },
    clear() {
      value = undefined;
    },
  };
}

export function createSiteService({ site }: { site: SiteRepository }) {
  const settings = cached<SiteSettings>(async () => {
    const rows = await site.listHomePageSettings();
    const images: Record<string, string> = {};
    const values: Record<string, string> = {};
    for (const row of rows) {
      if (row.imageUrl && (siteImageKeys as readonly string[]).includes(row.settingKey)) {
        images[row.settingKey] = row.imageUrl;
      }
      if (row.settingValue !== null) values[row.settingKey] = row.settingValue;
    }
    const logo = await site.findActiveLogo();
    return { images, values, logo: logo ? { url: logo.logoUrl, altText: logo.altText } : null };
  });

  const tags = cached<PublicTrackingTag[]>(async () =>
    (await site.listActiveTrackingTags()).map((row) => ({
      id: row.id,
      tagName: row.tagName,
      tagType: row.tagType,
      tagId: row.tagId,
      scriptContent: row.scriptContent,
      position: row.position,
      createdAt: row.createdAt.toISOString(),
    })),
  );

  return {
    getSettings: () => settings.get(),
    getTrackingTags: () => tags.get(),
    /**
     * After an administrator changes a tracking tag: this instance serves (and admits in its
     * pages' CSP) the new list at once; other instances catch up within CACHE_MS.
     */
    invalidateTrackingTags() {
      tags.clear();
    },
    /** After an administrator changes settings or tags on this instance. */
    invalidate() {
      settings.clear();
      tags.clear();
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
