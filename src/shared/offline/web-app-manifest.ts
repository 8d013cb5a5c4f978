/**
 * The web app manifest (issue 15, decision 039): what a browser installs. Served by the server at
 * /manifest.webmanifest with the platform's name as the administrator set it (decision 025). The
 * icons are PNGs in public/icons, made from public/favicon.svg by scripts/generate-app-icons.ts.
 */
import type { SiteIdentity } from '#shared/site-identity';

/** The page's canvas colours (styles.css `--color-canvas`), light and dark. */
export const APP_COLOURS = { light: '#fbf7f1', dark: '#1b1613' } as const;

export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** What the installed app says of itself under its name. */
const APP_DESCRIPTION =
  'Learn Spanish by listening to audio stories, with a transcript and translations — also offline.';

/** A home-screen label: the name when it is short, else its first word (at most 12 characters). */
export const shortNameOf = (name: string): string =>
  name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12);

export function webAppManifest(identity: SiteIdentity) {
  return {
    id: '/',
    name: identity.name,
    short_name: shortNameOf(identity.name),
    description: identity.customDescription ?? APP_DESCRIPTION,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: APP_COLOURS.light,
    theme_color: APP_COLOURS.light,
    icons: APP_ICONS,
  };
}
