import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ServerRender } from '#shared/server-render';

/**
 * The client's server-rendering bundle (dist/ssr/entry-server.js, written by `npm run build`), or
 * undefined when it is absent (API-only tests, a client not built yet): pages are then rendered
 * by the browser alone.
 */
export async function loadServerRender(
  entry: string | undefined,
): Promise<ServerRender | undefined> {
  if (!entry || !fs.existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { render?: unknown };
  if (typeof module.render !== 'function')
    throw new Error(`${entry} does not export a render function`);
  return module.render as ServerRender;
}
