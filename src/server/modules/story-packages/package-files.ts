import fs from 'node:fs/promises';
import path from 'node:path';
import { Unzip, UnzipInflate, zipSync, type Zippable } from 'fflate';
import { limitInMegabytes, uploadRules } from '#shared/contracts/admin-files';
import {
  PACKAGE_CHAPTER_FILE,
  PACKAGE_COVER_FILE,
  STORY_PACKAGE_FILE,
  STORY_PACKAGE_MAX_BYTES,
  storyPackageMessages as says,
} from '#shared/contracts/story-packages';
import { badRequest, payloadTooLarge } from '../../lib/errors.ts';

/** A package's files by name (`story.json`, `chapter-1.m4a`…), read but not yet checked. */
export type PackageFiles = Map<string, Buffer>;

/** What a file of a package is, from its name; undefined for names a package never has. */
export type PackageEntry =
  | { kind: 'story' }
  | { kind: 'cover'; extension: string }
  | { kind: 'chapter'; number: number; extension: string };

export function packageEntryOf(name: string): PackageEntry | undefined {
  if (name === STORY_PACKAGE_FILE) return { kind: 'story' };
  const cover = PACKAGE_COVER_FILE.exec(name);
  if (cover) return { kind: 'cover', extension: cover[1]! };
  const chapter = PACKAGE_CHAPTER_FILE.exec(name);
  if (chapter) return { kind: 'chapter', number: Number(chapter[1]), extension: chapter[2]! };
  return undefined;
}

/** The most a file of this name may hold: the limit of its kind of upload. */
function sizeLimitOf(name: string): number {
  const entry = packageEntryOf(name);
  if (!entry) throw badRequest(says.unexpectedFile(name));
  if (entry.kind === 'cover') return uploadRules.cover.maxBytes;
  if (entry.kind === 'chapter' && entry.extension !== 'json') return uploadRules.audio.maxBytes;
  return uploadRules.transcript.maxBytes;
}

const tooLarge = (name: string, limit: number) =>
  payloadTooLarge(says.fileTooLarge(name, limitInMegabytes(limit)));

/** What archivers add beside the files (macOS resource forks, Finder's folder settings). */
const isArchiverLitter = (entryPath: string) =>
  entryPath.startsWith('__MACOSX/') || path.posix.basename(entryPath) === '.DS_Store';

/**
 * A package's files keep their names at the top of the archive or inside one folder
 * (`<slug>/story.json`, as the export writes them); anything deeper, or a second folder, is
 * refused.
 */
function packageNameOf(entryPath: string, folder: { name?: string }): string {
  const parts = entryPath.split('/');
  if (parts.length > 2 || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw badRequest(says.unexpectedFile(entryPath));
  }
  const [first, second] = parts;
  const inFolder = second === undefined ? '' : first!;
  folder.name ??= inFolder;
  if (folder.name !== inFolder) throw badRequest(says.severalFolders);
  return second ?? first!;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** How much a whole package may unpack to, beside each file's own limit. */
export interface UnpackLimits {
  /** All its files together. */
  totalBytes: number;
  /** Times the archive's own size… */
  ratio: number;
  /** …once past this much, which any package may unpack to. */
  ratioFreeBytes: number;
}

/**
 * A package's files together may hold what a package may weigh (its recordings, most of it, do
 * not compress), and no more than 20 times the archive: text deflates about 7 times, a zip bomb
 * hundreds of times. Up to 10 MB, the size of a text-only package, any ratio goes.
 */
export const PACKAGE_UNPACK_LIMITS: UnpackLimits = {
  totalBytes: STORY_PACKAGE_MAX_BYTES,
  ratio: 20,
  ratioFreeBytes: 10 * 1024 * 1024,
};

/**
 * The archive is given to the reader this much at a time: fflate inflates all it is given at
 * once, and deflate expands at most 1,032 times, so no step allocates more than about 4 MB before
 * the limits are checked (a 240 MB package of recordings is read in about 0.3 s this way).
 */
const FEED_BYTES = 4 * 1024;

/**
 * The files of a .zip package. The archive is read as a stream, a slice at a time, and every
 * inflated chunk counted as it comes: each file is cut at the limit of its kind and the whole at
 * the package's limits (PACKAGE_UNPACK_LIMITS), whatever the headers claim, so that a small archive
 * cannot expand into gigabytes in memory.
 */
export function readZipPackage(
  zip: Buffer,
  limits: UnpackLimits = PACKAGE_UNPACK_LIMITS,
): PackageFiles {
  if (zip.length < ZIP_MAGIC.length || !zip.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    throw badRequest(says.notZip);
  }
  const files: PackageFiles = new Map();
  const folder: { name?: string } = {};
  const allowedBytes = Math.min(
    limits.totalBytes,
    Math.max(limits.ratioFreeBytes, limits.ratio * zip.length),
  );
  /** Why the unpacked files are too large, once they are. */
  const wholeTooLarge = () =>
    allowedBytes === limits.totalBytes
      ? payloadTooLarge(says.unpackedTooLarge(limitInMegabytes(limits.totalBytes)))
      : payloadTooLarge(says.expandsTooMuch(limits.ratio));
  let unpacked = 0;
  let declared = 0;
  let refusal: Error | undefined;
  /** Files started but not read to their end: a cut archive. */
  let unfinished = 0;
  const unzip = new Unzip((file) => {
    if (refusal || file.name.endsWith('/') || isArchiverLitter(file.name)) return;
    try {
      const name = packageNameOf(file.name, folder);
      const limit = sizeLimitOf(name);
      if (files.has(name)) throw badRequest(says.duplicateFile(name));
      if (file.originalSize !== undefined && file.originalSize > limit) throw tooLarge(name, limit);
      declared += file.originalSize ?? 0;
      if (declared > allowedBytes) throw wholeTooLarge();
      const chunks: Uint8Array[] = [];
      let total = 0;
      file.ondata = (error, chunk, final) => {
        if (refusal) return;
        if (error) {
          refusal = badRequest(says.damaged);
          return;
        }
        total += chunk.length;
        unpacked += chunk.length;
        if (total > limit || unpacked > allowedBytes) {
          refusal = total > limit ? tooLarge(name, limit) : wholeTooLarge();
          file.terminate();
          return;
        }
        chunks.push(chunk);
        if (final) {
          files.set(name, Buffer.concat(chunks));
          unfinished--;
        }
      };
      unfinished++;
      file.start();
    } catch (error) {
      refusal = error as Error;
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < zip.length && !refusal; offset += FEED_BYTES) {
      const end = Math.min(zip.length, offset + FEED_BYTES);
      unzip.push(zip.subarray(offset, end), end === zip.length);
    }
  } catch {
    refusal ??= badRequest(says.damaged);
  }
  if (refusal) throw refusal;
  if (unfinished > 0) throw badRequest(says.damaged);
  return files;
}

/**
 * The files of a package kept as a folder (the command line's `content:import <dir>`): the same
 * names as in a .zip, at the folder's top.
 */
export async function readFolderPackage(dir: string): Promise<PackageFiles> {
  const files: PackageFiles = new Map();
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (isArchiverLitter(entry.name)) continue;
    if (!entry.isFile()) throw badRequest(says.unexpectedFile(entry.name));
    const limit = sizeLimitOf(entry.name);
    const file = path.join(dir, entry.name);
    if ((await fs.stat(file)).size > limit) throw tooLarge(entry.name, limit);
    files.set(entry.name, await fs.readFile(file));
  }
  return files;
}

/** Already compressed media is stored as it is; text is deflated. */
const storedAsIs = (name: string) => !name.endsWith('.json');

/** A package as a .zip whose files sit inside the folder `<folder>/`. */
export function writeZipPackage(folder: string, files: PackageFiles): Buffer {
  const entries: Zippable = {};
  for (const [name, body] of files) {
    entries[`${folder}/${name}`] = [body, { level: storedAsIs(name) ? 0 : 6 }];
  }
  // A fixed time keeps two exports of the same story byte for byte the same.
  return Buffer.from(zipSync(entries, { mtime: new Date('2000-01-01T00:00:00Z') }));
}
