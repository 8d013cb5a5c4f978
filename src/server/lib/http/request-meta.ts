import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../actor.ts';

/** The client's address as the server sees it (X-Forwarded-For only when TRUST_PROXY is on). */
export const requestOrigin = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});

/**
 * What a service learns of a request: its origin, its Cookie header, and every header as a
 * `Headers` object, built only when read (it costs more than a session lookup from the cookie).
 */
export function requestMeta(request: FastifyRequest) {
  let headers: Headers | undefined;
  return {
    get headers(): Headers {
      if (headers) return headers;
      headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
      }
      return headers;
    },
    cookie: request.headers.cookie,
    origin: requestOrigin(request),
  };
}

export function sendWithCookies<T>(
  reply: FastifyReply,
  setCookies: string[],
  body: T,
  status = 200,
) {
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
  return reply.status(status).header('Cache-Control', 'no-store').send(body);
}
