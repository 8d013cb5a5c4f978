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

/**
 * Drizzle's query errors put the statement's parameters in their message ("params: …"), and those
 * are session tokens, password hashes and e-mail addresses. Logged errors keep the statement and
 * lose the parameters, at any depth of the cause chain.
 */
export function withoutQueryParameters(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const cause = withoutQueryParameters(error.cause, depth + 1);
  const isQueryError =
    typeof (error as { query?: unknown }).query === 'string' && 'params' in error;
  if (!isQueryError && cause === error.cause) return error;
  const message = isQueryError
    ? `Failed query: ${(error as unknown as { query: string }).query}`
    : error.message;
  const copy = new Error(message, { cause });
  copy.name = error.name;
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'params' && key !== 'cause')
      (copy as unknown as Record<string, unknown>)[key] = value;
  }
  // The original stack's first lines repeat the message; keep only its frames.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  copy.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  return copy;
}

export const logSerializers = {
  err: (error: unknown) => pino.stdSerializers.err(withoutQueryParameters(error) as Error),
};

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: logSerializers,
  };
}

/**
 * The process's one logger (index.ts creates it before anything else): JSON lines on stdout from
 * the first line of start-up to the last line of shutdown, with the same redaction the app's own
 * logger has. Fastify is handed this instance, so start-up, requests and shutdown share it.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: logSerializers,
  });
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
