/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong": the answer is then 503 with Retry-After (lib/http/error-handler.ts), never a 500, and
 * never a 401 because a session could not be looked up.
 */

/** Socket errors of a connection that could not be made or was lost. */
const connectionErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or recovering), 53300
 * too_many_connections. Class 08 (connection exceptions) is matched by its prefix.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages pg and pg-pool give errors that carry no code. */
const unavailableMessages = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

function matches(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (connectionErrnos.has(code) || unavailableStates.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return (
    typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))
  );
}

/**
 * The error that says the database is unavailable: the error itself, or one it wraps (`cause`, as
 * Drizzle's "Failed query" does, or `errors`, as Node's AggregateError of a connection tried on
 * several addresses does). Undefined when it is not about availability.
 */
export function unavailabilityCause(error: unknown, depth = 0): Error | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  if (matches(error)) return error as Error;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  const fromCause = unavailabilityCause(cause, depth + 1);
  if (fromCause) return fromCause;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = unavailabilityCause(inner, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailabilityCause(error) !== undefined;
}
