import fs from 'node:fs';
import path from 'node:path';
import { PAGE_ROUTE_MODULES } from '#shared/server-render';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface ClientBuild {
  /** Addresses of the lazy chunk of the page being served and of the chunks it imports that the
   * entry does not: fetched with the entry instead of after it (one round trip less). */
  routeModules: (pathName: string) => string[];
  /** The boot script of server-rendered pages (src/client/boot.ts), when built. */
  bootScript?: string;
}

export const modulePreloadTag = (href: string) =>
  `<link rel="modulepreload" crossorigin href="${href}" />`;

/** What the server needs to know of the client build, read from Vite's build manifest. */
export function readClientBuild(clientDir: string | undefined): ClientBuild {
  const manifestPath = clientDir ? path.join(clientDir, '.vite', 'manifest.json') : undefined;
  const manifest: Record<string, ManifestChunk> =
    manifestPath && fs.existsSync(manifestPath)
      ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
      : {};
  const entryKey =
    'index.html' in manifest
      ? 'index.html'
      : Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedByEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const child of manifest[key]!.imports ?? []) collect(child, into);
  };
  if (entryKey) collect(entryKey, loadedByEntry);

  const boot = manifest['src/client/boot.ts'];
  return {
    bootScript: boot ? `/${boot.file}` : undefined,
    routeModules: (pathName: string): string[] => {
      const module = PAGE_ROUTE_MODULES.find(([pattern]) => pattern.test(pathName))?.[1];
      if (!module || !manifest[module]) return [];
      const needed = new Set<string>();
      collect(module, needed);
      return [...needed]
        .filter((key) => !loadedByEntry.has(key))
        .map((key) => `/${manifest[key]!.file}`);
    },
  };
}
