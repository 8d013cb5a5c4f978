import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors.ts';

export const NUL_MESSAGE = 'Text may not contain NUL characters';

/** True when `value` (query, params or a parsed JSON body) holds a string with a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  // Bodies are at most 256 KB of JSON: deep nesting is refused by the schemas anyway.
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // Raw bodies (webhook signatures) and uploads are bytes, not text.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => containsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold a NUL character: a query carrying one fails in the database
 * (error 22021). Refused up front, for every route, with the common 400 rather than a 500.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw validationError(NUL_MESSAGE);
    }
  });
}
