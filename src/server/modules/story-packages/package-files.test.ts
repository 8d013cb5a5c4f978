import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { packageEntryOf, readZipPackage, writeZipPackage } from './package-files.ts';

const zip = (files: Record<string, string>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))),
  );

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
