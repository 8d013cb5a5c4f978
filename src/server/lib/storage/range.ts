import type { ByteRange } from './storage.ts';

/**
 * Parses an HTTP `Range` header (RFC 9110 §14.1.2) for a representation of `size` bytes.
 *
 * - `null`: no header, another unit, a malformed header or several ranges: serve the whole
 *   representation with 200 (RFC 9110 lets a server ignore Range; multipart/byteranges is not
 *   supported);
 * - `'unsatisfiable'`: a well-formed single range that selects no byte (first-pos at or past the
 *   end, a zero suffix, any range of an empty representation): answer 416;
 * - a `ByteRange` (inclusive, `end` clamped to the last byte) otherwise.
 *
 * Forms: `bytes=a-b`, `bytes=a-` (to the end), `bytes=-n` (the last n bytes). The unit is
 * case-insensitive and whitespace around `=`, `-` and the value is tolerated.
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (typeof header !== 'string') return null;
  const m = /^\s*bytes\s*=\s*(.*?)\s*$/i.exec(header);
  if (!m) return null;
  // A list may contain empty elements ("bytes=0-9,"): only one actual range is supported.
  const specs = (m[1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length !== 1) return null;
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0] ?? '');
  if (!spec) return null;
  const [, first = '', last = ''] = spec;
  const num = (digits: string) => {
    const n = Number(digits);
    return Number.isSafeInteger(n) ? n : Number.POSITIVE_INFINITY;
  };

  if (first === '') {
    if (last === '') return null; // "bytes=-"
    const suffix = num(last);
    if (suffix === 0 || size <= 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = num(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : num(last);
  if (end < start) return null; // syntactically invalid: ignore
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
