import { Readable } from 'node:stream';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Bucket } from '#shared/files';
import { notFound, rangeNotSatisfiable } from '../errors.ts';

import { parseRangeHeader } from './range.ts';
import { assertBucket, assertSafeKey, type ByteRange, type ObjectStorage } from './storage.ts';

export { parseRangeHeader } from './range.ts';

export interface SendObjectOptions {
  /** Default `private, max-age=0, must-revalidate`. */
  cacheControl?: string;
  /** Overrides the stored content type. */
  contentType?: string;
  /** When set, `Content-Disposition: attachment` with this file name (UTF-8 safe). */
  downloadName?: string;
}

export const DEFAULT_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

/**
 * Answers a GET or HEAD request with a stored object:
 * - 200 with the whole object, or 206 with `Content-Range` for one satisfiable `Range` (GET only;
 *   malformed and multi-range headers are ignored, RFC 9110 §14.2), honouring `If-Range`;
 * - 416 (`rangeNotSatisfiable`, with `Content-Range: bytes *\/size` and `Cache-Control: no-store`)
 *   for an unsatisfiable range;
 * - 304 for `If-None-Match` (weak comparison, `*`) or, without it, `If-Modified-Since`;
 * - on 200/206/304: `ETag`, `Last-Modified`, `Cache-Control`, `Accept-Ranges: bytes` and
 *   `X-Content-Type-Options: nosniff`;
 * - `notFound` for a missing object, `badRequest` for an unsafe key or unknown bucket.
 *
 * HEAD answers carry the same headers (including the full `Content-Length`) and no body. Works
 * both for an explicit HEAD route and for Fastify's automatic HEAD routes.
 *
 * Note for routes under @fastify/compress: it leaves 206 answers alone, but may compress a 200 of
 * a compressible type (text, JSON); disable compression on file routes to keep byte ranges and
 * ETags about the same bytes (route option `compress: false`).
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  bucket: Bucket,
  key: string,
  options: SendObjectOptions = {},
): Promise<FastifyReply> {
  assertBucket(bucket);
  assertSafeKey(key);
  const info = await storage.head(bucket, key);
  if (!info) throw notFound('File not found');

  const isHead = request.method === 'HEAD';
  const lastModifiedSeconds = Math.floor(info.lastModified.getTime() / 1000);
  const lastModified = new Date(lastModifiedSeconds * 1000).toUTCString();
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };

  // Validators and caching go on 200/206/304 answers only: an error (416 included) must not be
  // cached under the object's Cache-Control.
  const setCommonHeaders = () => {
    reply.header('ETag', info.etag);
    reply.header('Last-Modified', lastModified);
    reply.header('Cache-Control', options.cacheControl ?? DEFAULT_CACHE_CONTROL);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('X-Content-Type-Options', 'nosniff');
  };

  if (
    isNotModified(
      header('if-none-match'),
      header('if-modified-since'),
      info.etag,
      lastModifiedSeconds,
    )
  ) {
    setCommonHeaders();
    reply.code(304);
    // An (empty) stream keeps Fastify's automatic HEAD route from adding `Content-Length: 0`.
    return reply.send(isHead ? Readable.from([]) : undefined);
  }

  let range: ByteRange | null = null;
  const rangeHeader = header('range');
  if (
    !isHead &&
    rangeHeader !== undefined &&
    ifRangeMatches(header('if-range'), info.etag, lastModifiedSeconds)
  ) {
    const parsed = parseRangeHeader(rangeHeader, info.size);
    if (parsed === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${info.size}`);
      reply.header('Accept-Ranges', 'bytes');
      reply.header('Cache-Control', 'no-store');
      throw rangeNotSatisfiable(`Range not satisfiable: the file is ${info.size} bytes long`);
    }
    range = parsed;
  }

  // Open the body before setting the headers, so an error answer does not carry them.
  const body = isHead ? Readable.from([]) : await storage.read(bucket, key, range ?? undefined);

  setCommonHeaders();
  reply.header('Content-Type', options.contentType ?? info.contentType);
  if (options.downloadName !== undefined) {
    reply.header('Content-Disposition', contentDisposition(options.downloadName));
  }
  if (range) {
    reply.code(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.code(200);
    reply.header('Content-Length', String(info.size));
  }
  return reply.send(body);
}

/** RFC 9110 §13.2.2 steps 3-4 for GET/HEAD: If-None-Match wins over If-Modified-Since. */
function isNotModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string,
  lastModifiedSeconds: number,
): boolean {
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.trim() !== '') {
    const tags = parseEntityTags(ifNoneMatch);
    return tags === '*' || tags.some((tag) => opaqueTag(tag) === opaqueTag(etag));
  }
  if (typeof ifModifiedSince === 'string') {
    const since = Date.parse(ifModifiedSince);
    if (Number.isNaN(since)) return false;
    return lastModifiedSeconds <= Math.floor(since / 1000);
  }
  return false;
}

/** RFC 9110 §13.1.5: a strong entity tag that matches strongly, or the exact Last-Modified date. */
function ifRangeMatches(
  ifRange: string | undefined,
  etag: string,
  lastModifiedSeconds: number,
): boolean {
  if (typeof ifRange !== 'string') return true; // no If-Range: the Range applies
  const value = ifRange.trim();
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return !etag.startsWith('W/') && value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === lastModifiedSeconds;
}

/** `*` or the list of entity tags of an If-None-Match / If-Match value. */
function parseEntityTags(value: string): '*' | string[] {
  if (value.trim() === '*') return '*';
  return value.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

const opaqueTag = (tag: string) => tag.replace(/^W\//, '');

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / 8187). */
export function contentDisposition(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
