import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../actor.ts';

/**
 * Some proxies write the client's port with its address (`203.0.113.7:52100`,
 * `[2001:db8::7]:443`); a port changes with every connection, so per-address limits count the
 * address alone.
 */
export function withoutPort(address: string): string {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address);
  if (v4) return v4[1]!;
  const v6 = /^\[([0-9A-Fa-f:.]+)\]:\d{1,5}$/.exec(address);
  return v6 ? v6[1]! : address;
}

/**
 * The client's address as the server sees it: the socket's, or behind trusted proxies the one the
 * outermost of them saw (TRUST_PROXY, config/trusted-proxies.ts).
 */
export const requestOrigin = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip ? withoutPort(request.ip) : null,
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
