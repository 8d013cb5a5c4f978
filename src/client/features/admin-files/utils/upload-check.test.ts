import { describe, expect, it } from 'vitest';
import { acceptFor, checkUpload } from './upload-check';

const MB = 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A File of `size` bytes whose first bytes are `head`. */
function file(name: string, type: string, size: number, head: number[] = []) {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  return new File([bytes], name, { type });
}

describe('checkUpload', () => {
  it('accepts what each card takes', async () => {
    expect(await checkUpload(file('a.mp3', 'audio/mpeg', 10), 'audio')).toBeNull();
    expect(await checkUpload(file('a.mp3', 'audio/mp3', 10), 'audio')).toBeNull();
    expect(await checkUpload(file('a.m4a', '', 10), 'audio')).toBeNull();
    expect(await checkUpload(file('t.json', 'application/json', 10), 'transcript')).toBeNull();
    expect(await checkUpload(file('t.txt', 'text/plain', 10), 'transcript')).toBeNull();
    expect(await checkUpload(file('i.png', 'image/png', 100, PNG), 'image')).toBeNull();
    expect(await checkUpload(file('g.pdf', 'application/pdf', 10), 'general')).toBeNull();
  });

  it('refuses other types with the spec message', async () => {
    expect(await checkUpload(file('a.ogg', 'audio/ogg', 10), 'audio')).toBe(
      'File type audio/ogg is not supported',
    );
    expect(await checkUpload(file('i.gif', 'image/gif', 10), 'cover')).toBe(
      'File type image/gif is not supported',
    );
    expect(await checkUpload(file('t.srt', '', 10), 'transcript')).toBe(
      'File type srt is not supported',
    );
    expect(await checkUpload(file('x.zip', 'application/zip', 10), 'general')).toBe(
      'File type application/zip is not supported',
    );
  });

  it('refuses files over the kind limit with the spec message', async () => {
    expect(await checkUpload(file('t.json', 'application/json', 5 * MB + 1), 'transcript')).toBe(
      'File size exceeds 5MB limit',
    );
    expect(await checkUpload(file('i.png', 'image/png', 10 * MB + 1, PNG), 'image')).toBe(
      'File size exceeds 10MB limit',
    );
  });

  it('runs the shared file check last (empty files, image content)', async () => {
    expect(await checkUpload(file('t.txt', 'text/plain', 0), 'transcript')).toBe('File is empty');
    expect(await checkUpload(file('i.png', 'image/png', 100), 'image')).toBe(
      'File content does not match declared type',
    );
  });
});

describe('acceptFor', () => {
  it('lists types and extensions for the picker', () => {
    expect(acceptFor('transcript')).toBe('text/plain,application/json,.txt,.json');
    expect(acceptFor('audio')).toContain('.m4a');
  });
});
