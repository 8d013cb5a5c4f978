import { describe, expect, it } from 'vitest';
import { acceptFor, checkWizardFile } from './file-rules';

const MB = 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

const file = (name: string, type: string, bytes: number | number[]) => {
  const content = typeof bytes === 'number' ? new Uint8Array(bytes).fill(1) : new Uint8Array(bytes);
  return new File([content], name, { type });
};
const sized = (name: string, type: string, size: number, head: number[] = []) => {
  const content = new Uint8Array(size).fill(1);
  content.set(head);
  return new File([content], name, { type });
};

describe('checkWizardFile', () => {
  it('takes covers in JPEG, PNG or WebP up to 5 MB', async () => {
    expect(await checkWizardFile(sized('c.png', 'image/png', 5 * MB, PNG), 'cover')).toBeNull();
    expect(await checkWizardFile(sized('c.jpg', 'image/jpeg', 100, JPEG), 'cover')).toBeNull();
    expect(await checkWizardFile(sized('c.png', 'image/png', 5 * MB + 1, PNG), 'cover')).toBe(
      'File size exceeds 5MB limit',
    );
    expect(await checkWizardFile(file('c.gif', 'image/gif', 10), 'cover')).toBe(
      'File type image/gif is not supported',
    );
    // The declared type must match the content.
    expect(await checkWizardFile(file('c.png', 'image/png', 10), 'cover')).toBe(
      'File content does not match declared type',
    );
  });

  it('takes audio (mpeg, wav, mp3, m4a) up to 100 MB', async () => {
    for (const [name, type] of [
      ['a.mp3', 'audio/mpeg'],
      ['a.mp3', 'audio/mp3'],
      ['a.wav', 'audio/wav'],
      ['a.m4a', 'audio/x-m4a'],
      ['a.m4a', 'audio/mp4'],
      ['a.m4a', ''],
    ] as const) {
      expect(await checkWizardFile(file(name, type, 10), 'audio')).toBeNull();
    }
    expect(await checkWizardFile(sized('a.mp3', 'audio/mpeg', 100 * MB + 1), 'audio')).toBe(
      'File size exceeds 100MB limit',
    );
    expect(await checkWizardFile(file('a.ogg', 'audio/ogg', 10), 'audio')).toBe(
      'File type audio/ogg is not supported',
    );
    expect(await checkWizardFile(file('a.exe', '', 10), 'audio')).toBe(
      'File type .exe is not supported',
    );
  });

  it('takes transcripts in .txt or .json up to 5 MB', async () => {
    expect(await checkWizardFile(file('t.txt', 'text/plain', 10), 'transcript')).toBeNull();
    expect(await checkWizardFile(file('t.json', 'application/json', 10), 'transcript')).toBeNull();
    expect(
      await checkWizardFile(sized('t.json', 'application/json', 5 * MB + 1), 'transcript'),
    ).toBe('File size exceeds 5MB limit');
    expect(await checkWizardFile(file('t.vtt', 'text/vtt', 10), 'transcript')).toBe(
      'File type text/vtt is not supported',
    );
    expect(await checkWizardFile(file('t.txt', 'text/plain', 0), 'transcript')).toBe(
      'File is empty',
    );
  });

  it('offers the kind’s types and extensions in the picker', () => {
    expect(acceptFor('transcript')).toBe('text/plain,application/json,.txt,.json');
    expect(acceptFor('cover')).toBe('image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp');
  });
});
