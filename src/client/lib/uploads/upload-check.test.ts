import { describe, expect, it } from 'vitest';
import { uploadRules } from '#shared/contracts/admin-files';
import { avatarUploadRule } from '#shared/contracts/me';
import { storyPackageUploadRule } from '#shared/contracts/story-packages';
import { acceptFor, checkUpload, extensionOf } from './upload-check';

const MB = 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

/** A File of `size` bytes (1s) whose first bytes are `head`. */
function file(name: string, type: string, size: number, head: number[] = []) {
  const bytes = new Uint8Array(size).fill(1);
  bytes.set(head.slice(0, size));
  return new File([bytes], name, { type });
}

describe('checkUpload', () => {
  it('accepts what each admin upload kind takes, by type or, unnamed, by extension', async () => {
    const accepted = [
      [file('a.mp3', 'audio/mpeg', 10), 'audio'],
      [file('a.mp3', 'audio/mp3', 10), 'audio'],
      [file('a.wav', 'audio/wav', 10), 'audio'],
      [file('a.m4a', 'audio/x-m4a', 10), 'audio'],
      [file('a.m4a', 'audio/mp4', 10), 'audio'],
      [file('a.m4a', 'audio/m4a', 10), 'audio'],
      [file('a.m4a', '', 10), 'audio'],
      [file('t.json', 'application/json', 10), 'transcript'],
      [file('t.json', 'application/octet-stream', 10), 'transcript'],
      [file('t.txt', 'text/plain', 10), 'transcript'],
      [file('i.png', 'image/png', 100, PNG), 'image'],
      [file('c.png', 'image/png', 5 * MB, PNG), 'cover'],
      [file('c.jpg', 'image/jpeg', 100, JPEG), 'cover'],
      [file('g.pdf', 'application/pdf', 10), 'general'],
      [file('g.mp3', 'audio/mp3', 10), 'general'],
    ] as const;
    for (const [chosen, kind] of accepted) {
      expect(await checkUpload(chosen, uploadRules[kind]), `${chosen.name} as ${kind}`).toBeNull();
    }
  });

  it("refuses other types with the admin spec's message, naming the type or the extension", async () => {
    expect(await checkUpload(file('a.ogg', 'audio/ogg', 10), uploadRules.audio)).toBe(
      'File type audio/ogg is not supported',
    );
    expect(await checkUpload(file('i.gif', 'image/gif', 10), uploadRules.cover)).toBe(
      'File type image/gif is not supported',
    );
    expect(await checkUpload(file('t.vtt', 'text/vtt', 10), uploadRules.transcript)).toBe(
      'File type text/vtt is not supported',
    );
    expect(await checkUpload(file('t.srt', '', 10), uploadRules.transcript)).toBe(
      'File type srt is not supported',
    );
    expect(await checkUpload(file('a.exe', '', 10), uploadRules.audio)).toBe(
      'File type exe is not supported',
    );
    expect(await checkUpload(file('notes', '', 10), uploadRules.general)).toBe(
      'File type unknown is not supported',
    );
    expect(await checkUpload(file('x.zip', 'application/zip', 10), uploadRules.general)).toBe(
      'File type application/zip is not supported',
    );
  });

  it('refuses files over the limit with the spec message', async () => {
    expect(
      await checkUpload(file('t.json', 'application/json', 5 * MB + 1), uploadRules.transcript),
    ).toBe('File size exceeds 5MB limit');
    expect(await checkUpload(file('i.png', 'image/png', 10 * MB + 1, PNG), uploadRules.image)).toBe(
      'File size exceeds 10MB limit',
    );
    expect(await checkUpload(file('c.png', 'image/png', 5 * MB + 1, PNG), uploadRules.cover)).toBe(
      'File size exceeds 5MB limit',
    );
    expect(await checkUpload(file('a.mp3', 'audio/mpeg', 100 * MB + 1), uploadRules.audio)).toBe(
      'File size exceeds 100MB limit',
    );
  });

  it('runs the shared file check last (empty files, image content, dangerous names)', async () => {
    expect(await checkUpload(file('t.txt', 'text/plain', 0), uploadRules.transcript)).toBe(
      'File is empty',
    );
    expect(await checkUpload(file('i.png', 'image/png', 100), uploadRules.image)).toBe(
      'File content does not match declared type',
    );
    expect(await checkUpload(file('run.exe.mp3', 'audio/mpeg', 10), uploadRules.audio)).toBe(
      'Suspicious file extension detected',
    );
  });

  it("checks the avatar by its rule, a type it does not take refused in the learner spec's words", async () => {
    expect(await checkUpload(file('me.png', 'image/png', 100, PNG), avatarUploadRule)).toBeNull();
    expect(await checkUpload(file('me.gif', 'image/gif', 100), avatarUploadRule)).toBe(
      'File type not allowed',
    );
    expect(await checkUpload(file('me.png', 'image/png', 5 * MB + 1, PNG), avatarUploadRule)).toBe(
      'File size exceeds 5MB limit',
    );
  });

  it('checks a story package: a .zip by type or extension, within its limit', async () => {
    for (const type of ['application/zip', 'application/x-zip-compressed', '']) {
      expect(
        await checkUpload(file('story.zip', type, 10), storyPackageUploadRule),
        type,
      ).toBeNull();
    }
    expect(await checkUpload(file('story.txt', 'text/plain', 10), storyPackageUploadRule)).toBe(
      'Choose a story package: a .zip file.',
    );
    expect(await checkUpload(file('story.zip', 'application/zip', 0), storyPackageUploadRule)).toBe(
      'File is empty',
    );
  });
});

describe('acceptFor', () => {
  it("offers the rule's types, the names browsers also give them, and its extensions", () => {
    expect(acceptFor(uploadRules.transcript)).toBe('text/plain,application/json,.txt,.json');
    expect(acceptFor(uploadRules.cover)).toBe(
      'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
    );
    expect(acceptFor(uploadRules.audio).split(',')).toEqual(
      expect.arrayContaining(['audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/m4a', '.m4a']),
    );
  });
});

describe('extensionOf', () => {
  it('is the last extension, lower case, without its dot; none for a dot file', () => {
    expect(extensionOf('Chapter.One.MP3')).toBe('mp3');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('notes')).toBe('');
  });
});
