import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { pino, type Logger } from 'pino';

/**
 * Never log secrets: cookies, authorisation headers, passwords and tokens are redacted wherever
 * they appear in a logged object.
 */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
  };
}

/**
 * The process's one logger (index.ts creates it before anything else): JSON lines on stdout from
 * the first line of start-up to the last line of shutdown, with the same redaction the app's own
 * logger has. Fastify is handed this instance, so start-up, requests and shutdown share it.
 */
export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' } });
}

/**
 * One info line per request, when its answer is sent: method, route pattern (never the address
 * itself: query strings and paths can carry tokens), status and duration; the request id comes
 * with the request's logger. Fastify's own two lines per request are switched off
 * (`disableRequestLogging`), so a busy server's log grows by one line per request.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply));
}

/** The request's one line (also written by hand where Fastify runs no onResponse hooks). */
export function logRequest(request: FastifyRequest, reply: FastifyReply) {
  request.log.info(
    {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request',
  );
}
