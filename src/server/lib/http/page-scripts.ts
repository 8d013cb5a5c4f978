import { modulePreloadTag } from './client-build.ts';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A page the browser renders: the entry as built, with the page's own modules preloaded. */
export function withRouteModules(html: string, routeModules: string[]): string {
  if (routeModules.length === 0) return html;
  const headEnd = `  ${routeModules.map(modulePreloadTag).join('\n    ')}\n  </head>`;
  // A function replacement: `$` in an inserted path must stay as it is.
  return html.replace('</head>', () => headEnd);
}

/**
 * A page the server rendered is on screen before any script runs. Its scripts then only get in
 * the way of the first paint (they share the connection and the main thread), so the page gets
 * the boot script alone, which fetches the entry and the page's modules once the first frame is
 * drawn (src/client/boot.ts).
 */
export function withDeferredScripts(
  html: string,
  bootScript: string | undefined,
  routeModules: string[],
): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!bootScript || !entry) return withRouteModules(html, routeModules);
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const boot =
    `<script type="module" crossorigin src="${escapeAttribute(bootScript)}"` +
    ` data-relatos-entry="${escapeAttribute(entry)}"` +
    ` data-relatos-preload="${escapeAttribute([...modules, ...routeModules].join(' '))}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => boot);
}
