import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SecurityOptions {
  publicUrl: string;
  /** Paths (prefixes) exempt from the origin check: signed webhooks from payment providers. */
  csrfExemptPrefixes: string[];
}

/**
 * Mutations are accepted only from our own pages. Cookies are SameSite=Lax, and on top of that
 * every non-GET request whose browser says it comes from another site is refused. Requests with
 * neither header come from non-browser clients, which cannot carry a user's cookies.
 */
export function isCrossSiteRequest(request: FastifyRequest, allowedOrigins: Set<string>): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return true;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    const host = request.headers.host;
    const sameHost =
      host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    return !sameHost && !allowedOrigins.has(origin);
  }
  return false;
}

/** The Content-Security-Policy of every response; pages may add tracking sources (see below). */
export const baseCspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

export type CspAdditions = Partial<Record<keyof typeof baseCspDirectives, string[]>>;

/** The header value of the base policy plus additions (deduplicated, base first). */
export function contentSecurityPolicy(additions: CspAdditions = {}): string {
  return Object.entries(baseCspDirectives)
    .map(([directive, values]) => {
      const extra = additions[directive as keyof typeof baseCspDirectives] ?? [];
      return `${directive} ${[...new Set([...values, ...extra])].join(' ')}`;
    })
    .join('; ');
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  await app.register(helmet, {
    // Our own header (contentSecurityPolicy() below) so that pages can extend the same policy.
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media and images are fetched by our own pages only; keep the default same-origin policy.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.publicUrl.startsWith('https://'),
  });

  const basePolicy = contentSecurityPolicy();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Content-Security-Policy', basePolicy);
  });

  const allowedOrigins = new Set([new URL(options.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (options.csrfExemptPrefixes.some((prefix) => path.startsWith(prefix))) return;
    if (isCrossSiteRequest(request, allowedOrigins)) {
      throw forbidden('Cross-site requests are not accepted');
    }
  });
}
