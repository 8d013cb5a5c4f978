import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, Zip, ZipPassThrough, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import {
  packageEntryOf,
  PACKAGE_UNPACK_LIMITS,
  readZipPackage,
  writeZipPackage,
} from './package-files.ts';

const zip = (files: Record<string, string>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))),
  );

/** The demo library's timed transcripts, one after the other (about 370 KB of real JSON). */
const demoTranscripts = () => {
  const generated = path.resolve(import.meta.dirname, '../../../../content/generated');
  return fs
    .readdirSync(generated, { recursive: true, encoding: 'utf8' })
    .filter((file) => /chapter-\d+\.json$/.test(file))
    .map((file) => fs.readFileSync(path.join(generated, file), 'utf8'))
    .join('\n');
};

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('packageEntryOf', () => {
  it('names what each file of a package is', () => {
    expect(packageEntryOf('story.json')).toEqual({ kind: 'story' });
    expect(packageEntryOf('cover.webp')).toEqual({ kind: 'cover', extension: 'webp' });
    expect(packageEntryOf('chapter-12.m4a')).toEqual({
      kind: 'chapter',
      number: 12,
      extension: 'm4a',
    });
    for (const name of ['chapter-0.m4a', 'chapter-01.json', 'Story.json', 'notes.txt']) {
      expect(packageEntryOf(name)).toBeUndefined();
    }
  });
});

describe('readZipPackage', () => {
  it('reads files at the top or inside one folder, leaving out what archivers add', () => {
    const files = readZipPackage(
      zip({
        'el-faro/story.json': '{}',
        'el-faro/chapter-1.json': '[]',
        'el-faro/.DS_Store': 'x',
        '__MACOSX/el-faro/._story.json': 'x',
      }),
    );
    expect([...files.keys()].sort()).toEqual(['chapter-1.json', 'story.json']);
    expect(files.get('story.json')!.toString()).toBe('{}');
  });

  it('refuses nested folders, path tricks and a second folder', () => {
    for (const name of ['a/b/story.json', '../story.json', 'a//story.json']) {
      expect(refusal(() => readZipPackage(zip({ [name]: '{}' }))).code).toBe('BAD_REQUEST');
    }
    expect(
      refusal(() => readZipPackage(zip({ 'a/story.json': '{}', 'b/cover.png': 'x' }))).message,
    ).toMatch(/one folder/);
    expect(
      refusal(() => readZipPackage(zip({ 'story.json': '{}', 'a/cover.png': 'x' }))).message,
    ).toMatch(/one folder/);
  });

  /** Files kept as they are, their sizes in the headers (`zipSync`) or only after them (a stream). */
  const storedZip = (files: Record<string, Buffer>, sizesInHeaders: boolean) => {
    if (sizesInHeaders) {
      const entries = Object.entries(files).map(([name, body]) => [name, [body, { level: 0 }]]);
      return Buffer.from(zipSync(Object.fromEntries(entries)));
    }
    const parts: Uint8Array[] = [];
    const archive = new Zip((error, chunk) => {
      if (error) throw error;
      parts.push(chunk);
    });
    for (const [name, body] of Object.entries(files)) {
      const file = new ZipPassThrough(name);
      archive.add(file);
      file.push(body, true);
    }
    archive.end();
    return Buffer.concat(parts);
  };

  it('refuses files that together unpack past the package’s limit, whatever their headers say', () => {
    const limits = { totalBytes: 1024 * 1024, ratio: 1000, ratioFreeBytes: 1024 * 1024 };
    // Each recording is far under its own limit (100 MB); together they pass the package's.
    const recordings = {
      'chapter-1.m4a': randomBytes(600_000),
      'chapter-2.m4a': randomBytes(600_000),
    };
    for (const sizesInHeaders of [true, false]) {
      const archive = storedZip(recordings, sizesInHeaders);
      expect(refusal(() => readZipPackage(archive, limits))).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: "The package's files come to more than 1 MB once unpacked",
      });
      expect(readZipPackage(archive, { ...limits, totalBytes: 2 * 1024 * 1024 }).size).toBe(2);
    }
  });

  it('refuses an archive that unpacks to more than 20 times its size, past the first 10 MB', () => {
    const { ratio, ratioFreeBytes } = PACKAGE_UNPACK_LIMITS;
    expect({ ratio, ratioFreeBytes }).toEqual({ ratio: 20, ratioFreeBytes: 10 * 1024 * 1024 });
    const zeros = (megabytes: number) => new Uint8Array(megabytes * 1024 * 1024);
    const bomb = Buffer.from(zipSync({ 'chapter-1.mp3': zeros(11) }));
    expect(refusal(() => readZipPackage(bomb))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The package unpacks to more than 20 times its own size, which no story package does (recordings barely compress): it was not imported',
    });
    // Timed transcripts, deflated as text deflates (about 7 times), past the first 10 MB: read.
    const transcript = demoTranscripts().repeat(12);
    const transcripts = zip({
      'chapter-1.json': transcript,
      'chapter-2.json': transcript,
      'chapter-3.json': transcript,
    });
    expect(transcripts.length * PACKAGE_UNPACK_LIMITS.ratio).toBeGreaterThan(3 * transcript.length);
    expect(3 * transcript.length).toBeGreaterThan(ratioFreeBytes);
    expect(readZipPackage(transcripts).size).toBe(3);
  });

  it('refuses what is not a zip, and a cut archive', () => {
    expect(refusal(() => readZipPackage(Buffer.from('PK'))).code).toBe('BAD_REQUEST');
    const whole = zip({ 'story.json': JSON.stringify({ text: 'x'.repeat(5000) }) });
    expect(refusal(() => readZipPackage(whole.subarray(0, 60))).code).toBe('BAD_REQUEST');
  });
});

describe('writeZipPackage', () => {
  it('reads back what it wrote, and writes the same bytes twice', () => {
    const files = new Map([
      ['story.json', Buffer.from('{"slug":"el-faro"}')],
      ['chapter-1.m4a', Buffer.from([1, 2, 3])],
    ]);
    const written = writeZipPackage('el-faro', files);
    expect(readZipPackage(written)).toEqual(files);
    expect(writeZipPackage('el-faro', files).equals(written)).toBe(true);
  });
});
