import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants, createWriteStream, type Dirent, type Stats } from 'node:fs';
import {
  access,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { type Bucket, buckets } from '#shared/files';
import { badRequest, conflict, notFound, rangeNotSatisfiable } from '../errors.ts';

import {
  assertBucket,
  assertByteRange,
  assertContentType,
  assertSafeKey,
  assertSafePrefix,
  contentTypeFromKey,
  type ByteRange,
  type ListOptions,
  normalizeListLimit,
  type ObjectInfo,
  type ObjectStorage,
} from './storage.ts';
import { errorCode, toReadable } from './streams.ts';

/** Sidecar written next to every object (in a mirror tree, see {@link DiskStorage}). */
interface Sidecar {
  v: 1;
  contentType: string;
  etag: string;
  /** Size and mtime of the object the sidecar was written for: a stale sidecar is ignored. */
  size: number;
  mtimeMs: number;
}

const TMP_PREFIX = '.tmp-';
const META_DIR = '.meta';
/** Temporary files older than this are removed by ensureBuckets() (leftovers of a crash). */
const STALE_TMP_MS = 60 * 60 * 1000;

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Objects on the local disk.
 *
 * Layout under `root` (normally `<DATA_DIR>/storage`):
 * - `<bucket>/<key>`: the object bytes;
 * - `.meta/<bucket>/<key>`: a JSON sidecar with content type and etag (a mirror tree, so a key can
 *   never collide with another key's sidecar);
 * - `<bucket>/.tmp-<uuid>` and `.meta/<bucket>/.tmp-<uuid>`: files being written. Keys cannot have
 *   segments starting with `.`, so these never show up as objects.
 *
 * A put writes a temp file (hashing with SHA-1 as it goes), fsyncs it, then renames it over the
 * key: readers see the old object or the whole new one, never a partial one. The sidecar is
 * renamed afterwards; it records the object's size and mtime, and a sidecar that does not match the
 * object (a crash between the two renames) is ignored in favour of values derived from the file.
 */
export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  // ---- paths -------------------------------------------------------------------------------

  private bucketDir(bucket: Bucket): string {
    return this.within(this.root, path.join(this.root, bucket));
  }

  private metaBucketDir(bucket: Bucket): string {
    return this.within(this.root, path.join(this.root, META_DIR, bucket));
  }

  private objectPath(bucket: Bucket, key: string): string {
    return this.within(
      this.bucketDir(bucket),
      path.join(this.bucketDir(bucket), ...key.split('/')),
    );
  }

  private metaPath(bucket: Bucket, key: string): string {
    const dir = this.metaBucketDir(bucket);
    return this.within(dir, path.join(dir, ...key.split('/')));
  }

  /** Defence in depth: the resolved path must stay strictly inside `parent`. */
  private within(parent: string, candidate: string): string {
    const resolved = path.resolve(candidate);
    const rel = path.relative(parent, resolved);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
      throw badRequest('File key resolves outside the storage directory');
    }
    return resolved;
  }

  // ---- metadata ----------------------------------------------------------------------------

  private async statObject(bucket: Bucket, key: string): Promise<Stats | null> {
    try {
      const st = await stat(this.objectPath(bucket, key));
      return st.isFile() ? st : null;
    } catch (err) {
      if (NOT_FOUND_CODES.has(errorCode(err) ?? '')) return null;
      throw err;
    }
  }

  private async info(bucket: Bucket, key: string, st: Stats): Promise<ObjectInfo> {
    let sidecar: Sidecar | null = null;
    try {
      const parsed = JSON.parse(
        await readFile(this.metaPath(bucket, key), 'utf8'),
      ) as Partial<Sidecar>;
      if (
        parsed.v === 1 &&
        parsed.size === st.size &&
        parsed.mtimeMs === st.mtimeMs &&
        typeof parsed.contentType === 'string' &&
        typeof parsed.etag === 'string'
      ) {
        sidecar = parsed as Sidecar;
      }
    } catch {
      sidecar = null; // missing or unreadable sidecar: derive from the file
    }
    return {
      size: st.size,
      lastModified: st.mtime,
      etag:
        sidecar?.etag ??
        `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}-${st.ino.toString(16)}"`,
      contentType: sidecar?.contentType ?? contentTypeFromKey(key),
    };
  }

  // ---- ObjectStorage -------------------------------------------------------------------------

  async put(
    bucket: Bucket,
    key: string,
    body: Buffer | NodeJS.ReadableStream,
    contentType: string,
  ): Promise<ObjectInfo> {
    assertBucket(bucket);
    assertSafeKey(key);
    assertContentType(contentType);
    const target = this.objectPath(bucket, key);
    const metaTarget = this.metaPath(bucket, key);
    const bucketDir = this.bucketDir(bucket);
    const metaDir = this.metaBucketDir(bucket);
    const tmp = this.within(bucketDir, path.join(bucketDir, `${TMP_PREFIX}${randomUUID()}`));
    const metaTmp = this.within(metaDir, path.join(metaDir, `${TMP_PREFIX}${randomUUID()}`));

    let source: NodeJS.ReadableStream | undefined = Buffer.isBuffer(body) ? undefined : body;
    try {
      await mkdir(bucketDir, { recursive: true });
      await mkdir(metaDir, { recursive: true });

      const hash = createHash('sha1');
      const hasher = new Transform({
        transform(chunk: Buffer | string, _enc: BufferEncoding, cb: TransformCallback) {
          const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          hash.update(buf);
          cb(null, buf);
        },
      });
      // `wx`: never reuse an existing file; `flush`: fsync before close, so the rename below
      // never exposes an object whose bytes are not on disk yet.
      await pipeline(
        toReadable(body),
        hasher,
        createWriteStream(tmp, { flags: 'wx', mode: 0o644, flush: true }),
      );
      source = undefined;
      const st = await stat(tmp);
      const etag = `"${hash.digest('hex')}"`;
      const sidecar: Sidecar = { v: 1, contentType, etag, size: st.size, mtimeMs: st.mtimeMs };
      await writeFile(metaTmp, JSON.stringify(sidecar), { flag: 'wx', mode: 0o644 });

      await this.mkdirFor(path.dirname(target), bucketDir);
      await this.mkdirFor(path.dirname(metaTarget), metaDir);
      try {
        await rename(tmp, target);
      } catch (err) {
        if (['EISDIR', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR'].includes(errorCode(err) ?? '')) {
          throw conflict('File key conflicts with an existing folder of keys');
        }
        throw err;
      }
      try {
        await rename(metaTmp, metaTarget);
      } catch {
        // The object is already in place, so the put has happened. Without a matching sidecar,
        // head() falls back to values derived from the file; drop the stale one and the temp file.
        await Promise.all([
          unlink(metaTarget).catch(() => undefined),
          unlink(metaTmp).catch(() => undefined),
        ]);
      }
      return { size: st.size, lastModified: st.mtime, etag, contentType };
    } catch (err) {
      // A failed write never leaves a temp file (nor, for a stream that errored, an open source).
      if (source && 'destroy' in source && typeof source.destroy === 'function') {
        (source as NodeJS.ReadableStream & { destroy: () => void }).destroy();
      }
      await Promise.all([
        unlink(tmp).catch(() => undefined),
        unlink(metaTmp).catch(() => undefined),
      ]);
      throw err;
    }
  }

  /** mkdir -p for a key's folder; a file in the way becomes a conflict. */
  private async mkdirFor(dir: string, base: string): Promise<void> {
    if (dir === base) return;
    try {
      await mkdir(dir, { recursive: true });
    } catch (err) {
      if (['EEXIST', 'ENOTDIR'].includes(errorCode(err) ?? '')) {
        throw conflict('File key conflicts with an existing file key');
      }
      throw err;
    }
  }

  async head(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    assertBucket(bucket);
    assertSafeKey(key);
    const st = await this.statObject(bucket, key);
    return st ? this.info(bucket, key, st) : null;
  }

  async read(bucket: Bucket, key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    assertBucket(bucket);
    assertSafeKey(key);
    if (range) assertByteRange(range);
    let handle;
    try {
      handle = await open(this.objectPath(bucket, key), 'r');
    } catch (err) {
      if (NOT_FOUND_CODES.has(errorCode(err) ?? '')) throw notFound('File not found');
      throw err;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw notFound('File not found');
      if (range && range.start >= st.size) throw rangeNotSatisfiable();
      // The handle is bound to the inode: a concurrent put (rename) does not affect this read.
      return handle.createReadStream(
        range ? { start: range.start, end: Math.min(range.end, st.size - 1) } : {},
      );
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async readBuffer(bucket: Bucket, key: string): Promise<Buffer> {
    assertBucket(bucket);
    assertSafeKey(key);
    try {
      return await readFile(this.objectPath(bucket, key));
    } catch (err) {
      if (NOT_FOUND_CODES.has(errorCode(err) ?? '')) throw notFound('File not found');
      throw err;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    assertBucket(bucket);
    assertSafeKey(key);
    for (const file of [this.objectPath(bucket, key), this.metaPath(bucket, key)]) {
      try {
        await unlink(file);
      } catch (err) {
        // Missing (or a folder of other keys, which is not an object): nothing to delete.
        if (!NOT_FOUND_CODES.has(errorCode(err) ?? '') && errorCode(err) !== 'EPERM') throw err;
      }
    }
  }

  async list(bucket: Bucket, options: ListOptions = {}): Promise<string[]> {
    assertBucket(bucket);
    const prefix = options.prefix ?? '';
    assertSafePrefix(prefix);
    const limit = normalizeListLimit(options.limit);
    const bucketDir = this.bucketDir(bucket);
    // Start at the deepest folder the prefix fully names.
    const slash = prefix.lastIndexOf('/');
    const startRel = slash >= 0 ? prefix.slice(0, slash) : '';
    const startDir = startRel
      ? this.within(bucketDir, path.join(bucketDir, ...startRel.split('/')))
      : bucketDir;
    const out: string[] = [];

    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (NOT_FOUND_CODES.has(errorCode(err) ?? '')) return;
        throw err;
      }
      // Sorting names with a trailing '/' for folders yields the byte order of full keys (as S3).
      const sorted = entries
        .filter((e) => !e.name.startsWith('.') && (e.isFile() || e.isDirectory()))
        .map((e) => ({ e, sortKey: e.isDirectory() ? `${e.name}/` : e.name }))
        .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
      for (const { e } of sorted) {
        if (out.length >= limit) return;
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          // Only descend where keys can still match the prefix.
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) {
            await walk(path.join(dir, e.name), key);
          }
        } else if (key.startsWith(prefix)) {
          out.push(key);
        }
      }
    };
    await walk(startDir, startRel);
    return out;
  }

  async check(): Promise<{ ok: boolean; detail?: string }> {
    const problems: string[] = [];
    for (const bucket of buckets) {
      for (const dir of [this.bucketDir(bucket), this.metaBucketDir(bucket)]) {
        try {
          await access(dir, fsConstants.R_OK | fsConstants.W_OK | fsConstants.X_OK);
        } catch (err) {
          problems.push(`${path.relative(this.root, dir)}: ${errorCode(err) ?? 'not accessible'}`);
        }
      }
    }
    return problems.length === 0
      ? { ok: true }
      : { ok: false, detail: `disk storage not ready: ${problems.join('; ')}` };
  }

  async ensureBuckets(): Promise<void> {
    const now = Date.now();
    for (const bucket of buckets) {
      for (const dir of [this.bucketDir(bucket), this.metaBucketDir(bucket)]) {
        await mkdir(dir, { recursive: true });
        // Remove temp files left behind by a crash (a live write is never this old).
        for (const name of await readdir(dir)) {
          if (!name.startsWith(TMP_PREFIX)) continue;
          const file = path.join(dir, name);
          const st = await stat(file).catch(() => null);
          if (st?.isFile() && now - st.mtimeMs > STALE_TMP_MS)
            await unlink(file).catch(() => undefined);
        }
      }
    }
  }
}
