/**
 * The platform's name and description as visitors meet them (issue 12): the header and footer,
 * page titles, the head's description and social tags, and emails. An administrator sets them on
 * the System Settings screen (stored as `home_page_settings` values, public through
 * GET /api/site/settings); these defaults stand in until then. One home for the keys, the
 * defaults and how a title is written, so the server's HTML, the client and the mail agree
 * (the description the head uses is discover/story-meta.ts's siteDescription). No zod here, and
 * nothing the first load does not need: the public pages' entry imports this.
 */

export const DEFAULT_SITE_NAME = 'Relatos';

/** What the home page is about, after the name in its title. */
export const SITE_TAGLINE = 'Learn Spanish with audio stories';

/** The `home_page_settings` keys of the platform settings. */
export const PLATFORM_SETTING_KEYS = {
  platformName: 'platform_name',
  platformDescription: 'platform_description',
  supportEmail: 'support_email',
} as const;

export interface SiteIdentity {
  name: string;
  /** The administrator's own description, or null when none is set. */
  customDescription: string | null;
}

/** The identity the settings' values give (GET /api/site/settings `values`); defaults for gaps. */
export function siteIdentity(values: Readonly<Record<string, string>> | undefined): SiteIdentity {
  const name = values?.[PLATFORM_SETTING_KEYS.platformName]?.trim() || DEFAULT_SITE_NAME;
  const customDescription = values?.[PLATFORM_SETTING_KEYS.platformDescription]?.trim() || null;
  return { name, customDescription };
}

/** `<name> — <page>`: every page's title. */
export const documentTitle = (siteName: string, pageTitle: string): string =>
  `${siteName} — ${pageTitle}`;

/** The page's notice to browsers without JavaScript (index.html has the default one). */
export const noScriptNotice = (siteName: string): string =>
  `${siteName} needs JavaScript to play stories. Please enable it and reload the page.`;
