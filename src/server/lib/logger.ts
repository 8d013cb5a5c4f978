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

/** Request lines are held until this much is waiting (about fifteen lines), then written at once. */
export const LOG_HOLD_BYTES = 4096;
/** The longest a held request line waits before it is written. */
export const LOG_HOLD_MS = 250;
/** The message of the one line per request (registerRequestLog). */
export const REQUEST_LINE_MESSAGE = 'request';
/** How pino ends a line whose message is the request line's (the message is written last). */
const REQUEST_LINE_END = `"msg":"${REQUEST_LINE_MESSAGE}"}\n`;

export interface LogDestination {
  write(line: string): void;
  /** Writes what is held, synchronously. */
  flushSync(): void;
  /** Writes what is held and stops writing (tests; the process's own one ends with the process). */
  close(): void;
}

/**
 * Where the process's log goes (stdout): each line with a synchronous write, except the request
 * lines, which are held and written together (LOG_HOLD_BYTES, at the latest after LOG_HOLD_MS).
 * One write per request was the largest single cost of a busy instance whose log is read through
 * a pipe (issue 26: a sixth of its CPU at 250 listeners). Any other line (start-up, a warning, an
 * error, shutdown) writes the held lines before it and itself at once, so the order is kept and
 * problems are never delayed; the held lines are written when the process exits, however it
 * exits short of being killed (kill -9 loses at most LOG_HOLD_MS of request lines).
 */
export function logDestination(fd = 1): LogDestination {
  const stream = pino.destination({ dest: fd, sync: true, minLength: LOG_HOLD_BYTES });
  let open = true;
  /** Set while request lines are held: writes them LOG_HOLD_MS after the first (none when idle). */
  let holding: NodeJS.Timeout | undefined;
  const writeHeld = () => {
    clearTimeout(holding);
    holding = undefined;
    stream.flush();
  };
  const flushSync = () => {
    clearTimeout(holding);
    holding = undefined;
    if (open) stream.flushSync();
  };
  process.on('exit', flushSync);
  return {
    write(line) {
      stream.write(line);
      if (!line.endsWith(REQUEST_LINE_END)) writeHeld();
      else holding ??= setTimeout(writeHeld, LOG_HOLD_MS).unref();
    },
    flushSync,
    close() {
      flushSync();
      open = false;
      process.off('exit', flushSync);
      stream.destroy();
    },
  };
}

/**
 * The process's one logger (index.ts creates it before anything else): JSON lines on stdout from
 * the first line of start-up to the last line of shutdown, with the same redaction the app's own
 * logger has. Fastify is handed this instance, so start-up, requests and shutdown share it.
 */
export function createLogger(
  level: string,
  destination: LogDestination = logDestination(),
): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: logSerializers,
    },
    destination,
  );
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
    REQUEST_LINE_MESSAGE,
  );
}
