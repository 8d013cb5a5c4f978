import { randomUUID } from 'node:crypto';

import { type Bucket, buckets, isBucket } from '#shared/files';
import { badRequest } from '../errors.ts';

/** What the storage knows about one stored object. */
export interface ObjectInfo {
  size: number;
  lastModified: Date;
  /** A quoted entity tag, e.g. `"3f786850e387550fdab836ed7e6dc881de23001b"`. */
  etag: string;
  contentType: string;
}

/** A byte range, both ends inclusive (as in HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ListOptions {
  /** Raw key prefix (not necessarily a whole segment), e.g. `2026/11/`. */
  prefix?: string;
  /** Maximum number of keys returned (default 1000, at most 10 000). */
  limit?: number;
}

/**
 * Object storage for the four spec buckets. Keys are validated by {@link assertSafeKey} and the
 * bucket by {@link assertBucket} in every method, so callers may pass untrusted values.
 */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** Stores an object. Atomic: readers see either the previous object or the complete new one. */
  put(
    bucket: Bucket,
    key: string,
    body: Buffer | NodeJS.ReadableStream,
    contentType: string,
  ): Promise<ObjectInfo>;
  /** Object metadata, or null when there is no such object. */
  head(bucket: Bucket, key: string): Promise<ObjectInfo | null>;
  /**
   * A stream of the object (or of the inclusive byte range; `end` past the last byte is clamped).
   * Throws `notFound` when missing, `rangeNotSatisfiable` when `start` is at or past the end.
   */
  read(bucket: Bucket, key: string, range?: ByteRange): Promise<NodeJS.ReadableStream>;
  /** The whole object in memory. Throws `notFound` when missing. */
  readBuffer(bucket: Bucket, key: string): Promise<Buffer>;
  /** Removes an object; removing a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Keys in ascending (byte) order. */
  list(bucket: Bucket, options?: ListOptions): Promise<string[]>;
  /** For GET /api/health: can every bucket be reached. Never throws. */
  check(): Promise<{ ok: boolean; detail?: string }>;
  /** Creates what the buckets need (directories, the S3 bucket). Call once at startup. */
  ensureBuckets(): Promise<void>;
}

export const MAX_KEY_LENGTH = 512;
const MAX_SEGMENT_LENGTH = 255; // NAME_MAX on common file systems
const SEGMENT = /^[A-Za-z0-9._-]+$/;
export const DEFAULT_LIST_LIMIT = 1000;
export const MAX_LIST_LIMIT = 10_000;
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const quote = (value: string) =>
  JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

/**
 * Throws `badRequest` unless `key` is a safe relative object key: segments of `[A-Za-z0-9._-]`
 * separated by single `/`, at most 512 characters. Refused: absolute paths, `.`/`..` segments,
 * empty segments (leading, trailing or doubled `/`), backslashes, NUL and other control
 * characters, percent-encoding (whatever it decodes to), and segments starting with `.` (hidden
 * names are reserved for the storage's own temporary files).
 */
export function assertSafeKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0)
    throw badRequest('File key must be a non-empty string');
  if (key.length > MAX_KEY_LENGTH) {
    throw badRequest(`File key is too long (at most ${MAX_KEY_LENGTH} characters)`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key))
    throw badRequest('File key must not contain control characters');
  if (key.includes('\\')) throw badRequest('File key must not contain backslashes');
  if (key.includes('%')) {
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(key);
    } catch {
      decoded = undefined;
    }
    if (decoded !== undefined && /(^|[/\\])\.\.?([/\\]|$)/.test(decoded)) {
      throw badRequest('File key must not contain path traversal (percent-encoded)');
    }
    throw badRequest('File key must not contain percent-encoded characters');
  }
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key))
    throw badRequest('File key must be a relative path');
  for (const segment of key.split('/')) {
    if (segment === '') throw badRequest('File key must not contain empty path segments');
    if (segment === '.' || segment === '..') {
      throw badRequest('File key must not contain "." or ".." path segments');
    }
    if (segment.startsWith('.')) throw badRequest('File key segments must not start with "."');
    if (segment.length > MAX_SEGMENT_LENGTH) {
      throw badRequest(`File key segments must be at most ${MAX_SEGMENT_LENGTH} characters`);
    }
    if (!SEGMENT.test(segment)) {
      throw badRequest(`File key ${quote(key)} contains characters other than A-Z a-z 0-9 . _ - /`);
    }
  }
}

/** True when {@link assertSafeKey} would accept `key`. */
export function isSafeKey(key: unknown): key is string {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Throws `badRequest` unless `bucket` is one of the spec buckets (checked at runtime too). */
export function assertBucket(bucket: unknown): asserts bucket is Bucket {
  if (typeof bucket !== 'string' || !isBucket(bucket)) {
    throw badRequest(
      `Unknown storage bucket ${typeof bucket === 'string' ? quote(bucket) : typeof bucket} ` +
        `(expected one of ${buckets.join(', ')})`,
    );
  }
}

/** Validates a list prefix: the characters of a key, no `..`/`.` segments, not absolute. */
export function assertSafePrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string') throw badRequest('List prefix must be a string');
  if (prefix === '') return;
  if (prefix.length > MAX_KEY_LENGTH) throw badRequest('List prefix is too long');
  if (!/^[A-Za-z0-9._/-]+$/.test(prefix) || prefix.startsWith('/')) {
    throw badRequest('List prefix contains characters that cannot occur in a file key');
  }
  const segments = prefix.split('/');
  // Every segment but the last must be complete and valid; the last one may be partial.
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (
      (!last && segment === '') ||
      segment === '.' ||
      segment === '..' ||
      segment.startsWith('.')
    ) {
      throw badRequest('List prefix must not contain empty, hidden, "." or ".." segments');
    }
  });
}

export function normalizeListLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1)
    throw badRequest('List limit must be a positive integer');
  return Math.min(limit, MAX_LIST_LIMIT);
}

/** Throws `badRequest` unless the range is a well-formed inclusive byte range. */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw badRequest('Invalid byte range');
  }
}

const CONTENT_TYPE =
  /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"\\]*"|[A-Za-z0-9!#$&^_.+-]+))*$/;

/** Throws `badRequest` unless `contentType` is a plain media type (optionally with parameters). */
export function assertContentType(contentType: unknown): asserts contentType is string {
  if (
    typeof contentType !== 'string' ||
    contentType.length > 255 ||
    !CONTENT_TYPE.test(contentType)
  ) {
    throw badRequest('Invalid content type');
  }
}

/**
 * A generated object key `YYYY/MM/<uuid>[.<ext>]` (UTC year and month). The extension is taken
 * from the original file name, lower-cased, restricted to `[a-z0-9]` and at most 10 characters;
 * without a usable extension the key has none. The original name is never part of the key.
 */
export function generateObjectKey(originalFilename: string, now: Date = new Date()): string {
  const year = String(now.getUTCFullYear()).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const ext = safeExtension(originalFilename);
  return `${year}/${month}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}

/** The lower-cased `[a-z0-9]{1,10}` extension of a file name, or '' when it has none. */
export function safeExtension(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  const ext = base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

const EXTENSION_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip',
  pdf: 'application/pdf',
};

/** A content type guessed from a key's extension (fallback only; the put content type wins). */
export function contentTypeFromKey(key: string): string {
  return EXTENSION_TYPES[safeExtension(key)] ?? DEFAULT_CONTENT_TYPE;
}
