import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../actor.ts';

/** The client's address as the server sees it (X-Forwarded-For only when TRUST_PROXY is on). */
export const requestOrigin = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});

export function requestMeta(request: FastifyRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return { headers, origin: requestOrigin(request) };
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
