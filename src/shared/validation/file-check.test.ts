import { describe, expect, it } from 'vitest';
import {
  checkFile,
  DEFAULT_MAX_FILE_BYTES,
  fileCheckMessages,
  fileSizeMessage,
  type CheckableFile,
} from './file-check.ts';

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const WEBP_HEAD = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat([0x24, 0, 0, 0], [0x57, 0x45, 0x42, 0x50]);
const GIF_HEAD = [...'GIF89a'].map((c) => c.charCodeAt(0)).concat([1, 0, 1, 0, 0, 0]);

const file = (name: string, type: string, bytes: number[] = JPEG_HEAD) =>
  new File([new Uint8Array(bytes)], name, { type });

/** A file whose reported size is not its content's (no need to allocate 100 MB). */
const sized = (name: string, type: string, size: number): CheckableFile => ({
  name,
  type,
  size,
  slice: () => new Blob([new Uint8Array(JPEG_HEAD)]),
});

describe('checkFile', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', JPEG_HEAD],
    ['photo.jpg', 'image/jpg', JPEG_HEAD],
    ['photo.png', 'image/png', PNG_HEAD],
    ['photo.webp', 'image/webp', WEBP_HEAD],
    ['photo.gif', 'image/gif', GIF_HEAD],
    ['chapter.1.mp3', 'audio/mpeg', [1, 2, 3]],
    ['transcript.json', 'application/json', [0x7b, 0x7d]],
  ])('accepts %s as %s', async (name, type, bytes) => {
    await expect(checkFile(file(name, type, bytes))).resolves.toEqual({ ok: true });
  });

  it('refuses an empty name and a name over 255 characters', async () => {
    await expect(checkFile(file('', 'image/jpeg'))).resolves.toEqual({
      ok: false,
      message: 'Invalid file name length',
    });
    await expect(checkFile(file(`${'a'.repeat(252)}.jpg`, 'image/jpeg'))).resolves.toEqual({
      ok: false,
      message: 'Invalid file name length',
    });
    await expect(checkFile(file(`${'a'.repeat(251)}.jpg`, 'image/jpeg'))).resolves.toEqual({
      ok: true,
    });
  });

  it('refuses a null character in the name', async () => {
    await expect(checkFile(file('photo\0.jpg', 'image/jpeg'))).resolves.toEqual({
      ok: false,
      message: 'Invalid characters in file name',
    });
  });

  it('refuses a type outside the allowed list', async () => {
    await expect(checkFile(file('movie.mp4', 'video/mp4'))).resolves.toEqual({
      ok: false,
      message: 'File type not allowed',
    });
    await expect(
      checkFile(file('clip.gif', 'image/gif', GIF_HEAD), {
        allowedTypes: ['image/jpeg', 'image/png', 'image/webp'],
      }),
    ).resolves.toEqual({ ok: false, message: fileCheckMessages.typeNotAllowed });
  });

  it('refuses more than 100MB by default', async () => {
    await expect(
      checkFile(sized('big.jpg', 'image/jpeg', DEFAULT_MAX_FILE_BYTES + 1)),
    ).resolves.toEqual({ ok: false, message: 'File size exceeds 100MB limit' });
    await expect(
      checkFile(sized('big.jpg', 'image/jpeg', DEFAULT_MAX_FILE_BYTES)),
    ).resolves.toEqual({ ok: true });
  });

  it('words a per-use limit the same way', async () => {
    const maxBytes = 5 * 1024 * 1024;
    expect(fileSizeMessage(maxBytes)).toBe('File size exceeds 5MB limit');
    await expect(
      checkFile(sized('avatar.png', 'image/jpeg', maxBytes + 1), { maxBytes }),
    ).resolves.toEqual({
      ok: false,
      message: 'File size exceeds 5MB limit',
    });
  });

  it('refuses an empty file', async () => {
    await expect(checkFile(file('empty.txt', 'text/plain', []))).resolves.toEqual({
      ok: false,
      message: 'File is empty',
    });
  });

  it.each(['notes.exe', 'script.JS', 'photo.php.jpg', 'run.sh'])(
    'refuses the executable-style extension of %s',
    async (name) => {
      await expect(checkFile(file(name, 'image/jpeg'))).resolves.toEqual({
        ok: false,
        message: 'Suspicious file extension detected',
      });
    },
  );

  it.each(['../photo.jpg', '..\\photo.jpg', 'dir/photo.jpg', '..%2Fphoto.jpg'])(
    'refuses the path in %s',
    async (name) => {
      await expect(checkFile(file(name, 'image/jpeg'))).resolves.toEqual({
        ok: false,
        message: 'Invalid file path detected',
      });
    },
  );

  it.each([
    ['image/jpeg', PNG_HEAD],
    ['image/png', JPEG_HEAD],
    [
      'image/webp',
      [...'RIFF'].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0], [0x57, 0x41, 0x56, 0x45]),
    ],
    ['image/gif', JPEG_HEAD],
  ])('refuses %s content that does not match its magic bytes', async (type, bytes) => {
    await expect(checkFile(file('image.img', type, bytes))).resolves.toEqual({
      ok: false,
      message: 'File content does not match declared type',
    });
  });

  it('reports a file that cannot be read', async () => {
    const unreadable: CheckableFile = {
      name: 'photo.jpg',
      type: 'image/jpeg',
      size: 10,
      slice: () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }),
    };
    await expect(checkFile(unreadable)).resolves.toEqual({
      ok: false,
      message: 'Failed to validate file content',
    });
    await expect(checkFile({ name: 'photo.jpg', type: 'image/jpeg', size: 10 })).resolves.toEqual({
      ok: false,
      message: 'Failed to validate file content',
    });
  });

  it('reads the whole buffer when the file offers no slice', async () => {
    const whole: CheckableFile = {
      name: 'photo.png',
      type: 'image/png',
      size: PNG_HEAD.length,
      arrayBuffer: () => Promise.resolve(new Uint8Array(PNG_HEAD).buffer),
    };
    await expect(checkFile(whole)).resolves.toEqual({ ok: true });
  });
});
