import type { PublicTrackingTag, SiteSettings } from '#shared/contracts/site';
import { siteImageKeys } from '#shared/contracts/site';
import { readTrackingSnippet } from '#shared/discover/tracking-snippet';
import type { ChangeNotices } from '../../lib/change-notices.ts';
import { scriptSyntaxProblem } from '../../lib/script-syntax.ts';
import type { SiteRepository } from './site.repository.ts';

/**
 * How long an instance keeps its copies at most. Changes reach every instance at once through
 * change notices (lib/change-notices.ts); this only bounds a notice that was never published.
 */
const CACHE_MS = 60_000;

/**
 * One cached value. A load that was running when the value was dropped still answers its own
 * callers but is not kept: what it read may predate the change.
 */
function cached<T>(load: () => Promise<T>) {
  let value: { at: number; data: Promise<T> } | undefined;
  return {
    get(): Promise<T> {
      if (!value || Date.now() - value.at > CACHE_MS) {
        const data = load();
        const entry = { at: Date.now(), data };
        value = entry;
        data.catch(() => {
          if (value === entry) value = undefined;
        });
      }
      return value.data;
    },
    clear() {
      value = undefined;
    },
  };
}

/**
 * A stored custom tag whose code does not parse would only throw on every public page; tags
 * saved since decision 025 cannot be like that, older ones are left out (and logged).
 */
function parses(tag: PublicTrackingTag): boolean {
  if (tag.tagType !== 'custom') return true;
  return readTrackingSnippet(tag.scriptContent ?? '').scripts.every(
    (script) => script.kind !== 'inline' || scriptSyntaxProblem(script.code) === null,
  );
}

export function createSiteService(deps: {
  site: SiteRepository;
  changes: ChangeNotices;
  log: { warn(obj: object, msg: string): void };
}) {
  const { site, changes, log } = deps;
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

  const tags = cached<PublicTrackingTag[]>(async () => {
    const list = (await site.listActiveTrackingTags()).map((row): PublicTrackingTag => ({
      id: row.id,
      tagName: row.tagName,
      tagType: row.tagType,
      tagId: row.tagId,
      scriptContent: row.scriptContent,
      position: row.position,
      createdAt: row.createdAt.toISOString(),
    }));
    return list.filter((tag) => {
      if (parses(tag)) return true;
      log.warn({ trackingTagId: tag.id }, 'tracking tag left out: its script does not parse');
      return false;
    });
  });

  changes.onChange('site-settings', () => settings.clear());
  changes.onChange('tracking-tags', () => tags.clear());

  return {
    getSettings: () => settings.get(),
    getTrackingTags: () => tags.get(),
    /**
     * After an administrator changes a tracking tag: every instance serves (and admits in its
     * pages' CSP) the new list at once. Resolves once the notice is sent; never rejects.
     */
    invalidateTrackingTags: () => changes.announce(['tracking-tags']),
    /** After an administrator changes the settings, logo or site images (every instance). */
    invalidateSettings: () => changes.announce(['site-settings']),
    /** After a change that may touch both (every instance). */
    invalidate: () => changes.announce(['site-settings', 'tracking-tags']),
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
