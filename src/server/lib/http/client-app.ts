import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { ACCOUNT_STAMP_HEADER } from '#shared/offline/account-stamp';
import { accountStamp } from './account-stamp.ts';
import { readClientBuild } from './client-build.ts';
import { withDeferredScripts, withRouteModules } from './page-scripts.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** A page that names its user (the inlined session): the browser only, and never reused. */
const PERSONAL = 'private, no-store';

export interface RenderedPage {
  html: string;
  status?: number;
  /** Cookies of a session the page's session check extended. */
  setCookies: string[];
  /** The HTML names the signed-in user: no shared cache may keep it. */
  personal: boolean;
  /** The HTML carries the rendered page (the browser hydrates it). */
  serverRendered: boolean;
  /**
   * The account the page was rendered for (null: nobody signed in; undefined: the session could
   * not be read, so the page says nobody and the browser checks itself).
   */
  account?: string | null;
}

export interface ClientAppOptions {
  clientDir?: string;
  /** Fills in the HTML a client route is answered with (title, meta tags, data, the page). */
  renderPage?: (request: FastifyRequest, indexHtml: string) => Promise<RenderedPage>;
  /** The Content-Security-Policy of a page (it may admit tracking scripts). */
  pagePolicy?: (pathName: string) => Promise<string>;
  /** The web app manifest (it names the platform as the administrator set it). */
  webAppManifest?: () => Promise<unknown>;
}

/** The service worker's script: checked on every visit, so an update is found at once. */
const SERVICE_WORKER_PATH = 'sw.js';
/** The unrendered app, which the service worker precaches and shows offline (decision 039). */
export const APP_SHELL_PATH = '/app-shell.html';

/**
 * Serves the built React client: hashed assets cached for a year, index.html never cached, and
 * every client route answered with index.html. Unknown /api paths stay JSON 404s.
 */
export async function registerClientApp(app: FastifyInstance, options: ClientAppOptions) {
  const indexPath = options.clientDir ? path.join(options.clientDir, 'index.html') : undefined;
  const indexHtml =
    indexPath && fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  const clientBuild = readClientBuild(options.clientDir);

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
          relative.startsWith('assets')
            ? IMMUTABLE
            : relative === SERVICE_WORKER_PATH
              ? REVALIDATE
              : 'public, max-age=3600',
        );
      },
    });
  }

  /** Every client route is answered with the app's HTML, rendered for that page. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathName = request.url.split('?')[0] ?? '/';
    const page: RenderedPage = (await options.renderPage?.(request, indexHtml!)) ?? {
      html: indexHtml!,
      setCookies: [],
      personal: false,
      serverRendered: false,
    };
    const routeModules = clientBuild.routeModules(pathName);
    const html = page.serverRendered
      ? withDeferredScripts(page.html, clientBuild.bootScript, routeModules)
      : withRouteModules(page.html, routeModules);
    if (options.pagePolicy)
      reply.header('Content-Security-Policy', await options.pagePolicy(pathName));
    if (page.setCookies.length > 0) reply.header('set-cookie', page.setCookies);
    if (page.account !== undefined) reply.header(ACCOUNT_STAMP_HEADER, accountStamp(page.account));
    return reply
      .status(page.status ?? 200)
      .header('Cache-Control', page.personal ? PERSONAL : REVALIDATE)
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  const isPagePath = (pathName: string) =>
    !pathName.startsWith('/api/') && pathName !== '/api' && !path.extname(pathName);

  if (indexHtml) {
    // The app with no page in it: the browser renders whichever address it is opened at.
    app.get(APP_SHELL_PATH, async (_request, reply) => {
      if (options.pagePolicy)
        reply.header('Content-Security-Policy', await options.pagePolicy('/'));
      return reply
        .header('Cache-Control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  }

  const { webAppManifest } = options;
  if (webAppManifest) {
    app.get('/manifest.webmanifest', async (_request, reply) =>
      reply
        .header('Cache-Control', REVALIDATE)
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(await webAppManifest())),
    );
  }

  if (indexHtml) {
    // A real route rather than the not-found handler, so the HTML goes through compression (the
    // hooks of @fastify/compress attach to routes). API routes and files match before it.
    app.get('/*', async (request, reply) => {
      const pathName = request.url.split('?')[0] ?? '/';
      if (!isPagePath(pathName)) throw notFound(`No route for ${request.method} ${pathName}`);
      return sendPage(request, reply);
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest) => {
    const pathName = request.url.split('?')[0] ?? '/';
    throw notFound(`No route for ${request.method} ${pathName}`);
  });
}
