import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { createRoutePreloads } from './route-preloads.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface ClientAppOptions {
  clientDir?: string;
  /** Fills in the HTML a client route is answered with (title, meta tags, status). */
  renderPage?: (
    pathName: string,
    indexHtml: string,
  ) => Promise<{ html: string; status?: number } | undefined>;
  /** The Content-Security-Policy of a page (it may admit tracking scripts). */
  pagePolicy?: (pathName: string) => Promise<string>;
}

/**
 * Serves the built React client: hashed assets cached for a year, index.html never cached, and
 * every client route answered with index.html. Unknown /api paths stay JSON 404s.
 */
export async function registerClientApp(app: FastifyInstance, options: ClientAppOptions) {
  const indexPath = options.clientDir ? path.join(options.clientDir, 'index.html') : undefined;
  const indexHtml =
    indexPath && fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  const routePreloads = createRoutePreloads(options.clientDir);

  if (options.clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      // index.html is served by the fallback below, with its own headers.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(options.clientDir!, filePath);
        res.setHeader(
          'Cache-Control',
          relative.startsWith('assets') ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathName = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathName.startsWith('/api/') &&
      pathName !== '/api' &&
      !path.extname(pathName);
    if (!wantsPage || !indexHtml) {
      throw notFound(`No route for ${request.method} ${pathName}`);
    }
    const page = (await options.renderPage?.(pathName, indexHtml)) ?? { html: indexHtml };
    const preloads = routePreloads(pathName);
    if (preloads.length > 0)
      page.html = page.html.replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
    if (options.pagePolicy)
      reply.header('Content-Security-Policy', await options.pagePolicy(pathName));
    return reply
      .status(page.status ?? 200)
      .header('Cache-Control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
}
