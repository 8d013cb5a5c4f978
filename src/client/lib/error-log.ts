import type { ClientErrorCode } from '#shared/client-error-codes';

/** The browser keeps its last errors for support requests (admin spec: 10 entries, session storage). */
export const ERROR_LOG_STORAGE_KEY = 'relatos.errorLog';
export const ERROR_LOG_LIMIT = 10;

export interface ClientErrorInput {
  code: ClientErrorCode;
  message: string;
  context?: Record<string, unknown>;
}

export interface ClientErrorEntry {
  timestamp: string;
  code: ClientErrorCode;
  message: string;
  context: Record<string, unknown>;
  url: string;
  userAgent: string;
}

function getStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Access to sessionStorage throws when storage is disabled (some privacy modes).
    return null;
  }
}

const isEntry = (value: unknown): value is ClientErrorEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ClientErrorEntry).timestamp === 'string' &&
  typeof (value as ClientErrorEntry).code === 'string' &&
  typeof (value as ClientErrorEntry).message === 'string';

/** Newest first. A missing, unreadable or corrupted log reads as empty. */
export function getErrorLog(): ClientErrorEntry[] {
  const storage = getStorage();
  if (!storage) return [];
  try {
    const raw = storage.getItem(ERROR_LOG_STORAGE_KEY);
    if (raw === null) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, ERROR_LOG_LIMIT) : [];
  } catch {
    return [];
  }
}

export function clearErrorLog(): void {
  try {
    getStorage()?.removeItem(ERROR_LOG_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** Records an error to the console and to the session log; never throws. */
export function logClientError({
  code,
  message,
  context = {},
}: ClientErrorInput): ClientErrorEntry {
  const entry: ClientErrorEntry = {
    timestamp: new Date().toISOString(),
    code,
    message,
    context,
    url: typeof location === 'undefined' ? '' : location.href,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  };
  console.error(`[${code}] ${message}`, context);
  const storage = getStorage();
  if (storage) {
    const entries = [entry, ...getErrorLog()].slice(0, ERROR_LOG_LIMIT);
    try {
      storage.setItem(ERROR_LOG_STORAGE_KEY, JSON.stringify(entries));
    } catch {
      // Quota exceeded or a context that cannot be serialised: the console line is enough.
    }
  }
  return entry;
}
