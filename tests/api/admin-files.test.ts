import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapters,
  fileUploads,
  homePageSettings,
  logoSettings,
  profiles,
  securityAuditLog,
  stories,
  transcriptVersions,
} from '#server/db/schema';
import type { Bucket } from '#shared/files';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;

const ORIGIN = 'http://localhost:3000';
const MB = 1024 * 1024;
const sampleM4a = fs.readFileSync(path.resolve('public/demo/sample.m4a'));
const demoTranscript = fs.readFileSync(
  path.resolve('content/generated/el-paraguas-rojo/chapter-1.json'),
);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

function multipart(filename: string, contentType: string, content: Buffer) {
  const boundary = '----relatos-admin-files-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (
  query: string,
  filename: string,
  type: string,
  content: Buffer,
  cookie = admin.cookie,
) => {
  const form = multipart(filename, type, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/files?${query}`,
    payload: form.body,
    headers: { cookie, origin: ORIGIN, 'content-type': form.contentType },
  });
};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: admin.cookie, ...(method === 'GET' ? {} : { origin: ORIGIN }) },
  });

/** A mono 16-bit PCM WAV of silence. */
function wav(seconds: number, rate = 8000): Buffer {
  const data = Buffer.alloc(seconds * rate * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#1f6fb5' } })
    .png()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#1f6fb5' } })
    .gif()
    .toBuffer();
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Rows and stored objects of a bucket: what a refused upload must leave unchanged. */
async function bucketState(bucket: Bucket) {
  const rows = await t.database.db
    .select({ id: fileUploads.id })
    .from(fileUploads)
    .where(eq(fileUploads.bucketName, bucket));
  const objects = await t.storage.list(bucket);
  return { rows: rows.length, objects: objects.length };
}

async function expectRefused(
  bucket: Bucket,
  send: () => Promise<{ statusCode: number; json(): { error: { message: string } } }>,
  status: number,
  message?: string | RegExp,
) {
  const before = await bucketState(bucket);
  const res = await send();
  expect(res.statusCode).toBe(status);
  if (typeof message === 'string') expect(res.json().error.message).toBe(message);
  else if (message) expect(res.json().error.message).toMatch(message);
  expect(await bucketState(bucket)).toEqual(before);
}

describe('access', () => {
  it('answers visitors 401 and learners 403, storing nothing', async () => {
    const before = await bucketState('uploads');
    const form = multipart('a.pdf', 'application/pdf', pdf);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/admin/files?bucket=uploads',
      payload: form.body,
      headers: { origin: ORIGIN, 'content-type': form.contentType },
    });
    expect(visitor.statusCode).toBe(401);
    const res = await upload('bucket=uploads', 'a.pdf', 'application/pdf', pdf, learner.cookie);
    expect(res.statusCode).toBe(403);
    expect(await bucketState('uploads')).toEqual(before);
  });
});

describe('upload rules', () => {
  it('stores an audio file in audios, with no public URL, and audits it', async () => {
    const res = await upload('bucket=audios', 'capítulo uno.m4a', 'audio/x-m4a', sampleM4a);
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file).toMatchObject({
      originalFilename: 'capítulo uno.m4a',
      fileType: 'audio/x-m4a',
      fileSize: sampleM4a.length,
      bucketName: 'audios',
      publicUrl: null,
    });
    expect(file.filename).toBe(file.filePath.split('/').pop());
    expect((await t.storage.readBuffer('audios', file.filePath)).equals(sampleM4a)).toBe(true);
    const audits = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'file_uploaded'));
    expect(
      audits.some((row) => row.details.file_id === file.id && row.userId === admin.userId),
    ).toBe(true);
  });

  it('accepts a WAV recording by its content', async () => {
    const res = await upload('bucket=audios', 'tone.wav', 'audio/wav', wav(2));
    expect(res.statusCode).toBe(201);
    expect(res.json().file.fileType).toBe('audio/wav');
  });

  it('refuses audio whose bytes are not audio (415), storing nothing', async () => {
    await expectRefused(
      'audios',
      () => upload('bucket=audios', 'fake.mp3', 'audio/mpeg', Buffer.from('ID4 not really audio')),
      415,
      'File content does not match declared type',
    );
    await expectRefused(
      'audios',
      async () => upload('bucket=audios', 'picture.png', 'image/png', await png()),
      415,
      'File type image/png is not supported',
    );
  });

  it('refuses files over each limit with 413 and the spec message, storing nothing', async () => {
    const cases: [string, Bucket, number, string][] = [
      ['bucket=audios', 'audios', 100, 'File size exceeds 100MB limit'],
      ['bucket=trans', 'trans', 5, 'File size exceeds 5MB limit'],
      ['bucket=series-images', 'series-images', 10, 'File size exceeds 10MB limit'],
      ['bucket=series-images&kind=cover', 'series-images', 5, 'File size exceeds 5MB limit'],
      ['bucket=uploads', 'uploads', 50, 'File size exceeds 50MB limit'],
    ];
    for (const [query, bucket, megabytes, message] of cases) {
      const body = Buffer.alloc(megabytes * MB + 1, 0x20);
      await expectRefused(
        bucket,
        () => upload(query, 'big.bin', 'application/octet-stream', body),
        413,
        message,
      );
    }
  });

  it('takes images up to 10 MB but covers only as JPEG, PNG or WebP', async () => {
    const image = await upload('bucket=series-images', 'anim.gif', 'image/gif', await gif());
    expect(image.statusCode).toBe(201);
    expect(image.json().file.publicUrl).toMatch(/^\/api\/files\/series-images\//);
    const served = await t.app.inject({ method: 'GET', url: image.json().file.publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');

    await expectRefused(
      'series-images',
      async () => upload('bucket=series-images&kind=cover', 'anim.gif', 'image/gif', await gif()),
      415,
      'File type image/gif is not supported',
    );
    await expectRefused(
      'series-images',
      () => upload('bucket=series-images', 'doc.pdf', 'application/pdf', pdf),
      415,
    );
    const cover = await upload(
      'bucket=series-images&kind=cover',
      'cover.png',
      'image/png',
      await png(),
    );
    expect(cover.statusCode).toBe(201);

    const wrongBucket = await upload(
      'bucket=uploads&kind=cover',
      'cover.png',
      'image/png',
      await png(),
    );
    expect(wrongBucket.statusCode).toBe(400);
  });

  it('takes transcripts the player can read, JSON or timestamped text', async () => {
    const json = await upload('bucket=trans', 'chapter-1.json', 'application/json', demoTranscript);
    expect(json.statusCode).toBe(201);
    expect(json.json().file).toMatchObject({ fileType: 'application/json', publicUrl: null });

    const legacy = Buffer.from('\uFEFF00:00:01 Hola, ¿qué tal?\n00:00:04 Muy bien.\n');
    const text = await upload('bucket=trans', 'capitulo.txt', 'text/plain', legacy);
    expect(text.statusCode).toBe(201);
    expect(text.json().file.fileType).toBe('text/plain');
  });

  it('refuses transcripts the player cannot read, storing nothing', async () => {
    await expectRefused(
      'trans',
      () =>
        upload('bucket=trans', 'broken.json', 'application/json', Buffer.from('{"segments": [')),
      400,
      'The player cannot read this transcript: Transcript JSON is malformed',
    );
    await expectRefused(
      'trans',
      () => upload('bucket=trans', 'shape.json', 'application/json', Buffer.from('{"lines": []}')),
      400,
      /expected shape/,
    );
    await expectRefused(
      'trans',
      () => upload('bucket=trans', 'notes.txt', 'text/plain', Buffer.from('Just words, no times.')),
      400,
      /No timestamped lines/,
    );
    await expectRefused(
      'trans',
      () => upload('bucket=trans', 'nul.txt', 'text/plain', Buffer.from('00:00:01 Hola\u0000')),
      415,
      'File content does not match declared type',
    );
    await expectRefused(
      'trans',
      () =>
        upload('bucket=trans', 'latin1.txt', 'text/plain', Buffer.from([0x30, 0x3a, 0xe9, 0xff])),
      415,
    );
    await expectRefused(
      'trans',
      async () => upload('bucket=trans', 'image.txt', 'text/plain', await png()),
      415,
    );
  });

  it('takes the general allowlist in uploads and refuses other types', async () => {
    const doc = await upload('bucket=uploads', 'guía.pdf', 'application/pdf', pdf);
    expect(doc.statusCode).toBe(201);
    const { file } = doc.json();
    expect(file).toMatchObject({ fileType: 'application/pdf', bucketName: 'uploads' });
    expect(file.publicUrl).toBe(`/api/files/uploads/${file.filePath}`);

    const notes = await upload('bucket=uploads', 'notes.txt', 'text/plain', Buffer.from('hola'));
    expect(notes.json().file.fileType).toBe('text/plain');
    const data = await upload(
      'bucket=uploads',
      'data.json',
      'application/json',
      Buffer.from('{"a":1}'),
    );
    expect(data.json().file.fileType).toBe('application/json');

    await expectRefused(
      'uploads',
      () => upload('bucket=uploads', 'bad.json', 'application/json', Buffer.from('{oops')),
      400,
      'File is not valid JSON',
    );
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    await expectRefused(
      'uploads',
      () => upload('bucket=uploads', 'setup.exe', 'application/x-msdownload', exe),
      415,
      'File type application/x-msdownload is not supported',
    );
    const zip = await sharp(await png())
      .tiff()
      .toBuffer();
    await expectRefused(
      'uploads',
      () => upload('bucket=uploads', 'scan.tiff', 'image/tiff', zip),
      415,
      'File type image/tiff is not supported',
    );
  });

  it('refuses a request that is not multipart', async () => {
    const res = await call('POST', '/api/admin/files?bucket=uploads', { file: 'x' });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file name with a control character or of more than 255 characters, storing nothing', async () => {
    await expectRefused(
      'uploads',
      () => upload('bucket=uploads', 'notes\tfinal.pdf', 'application/pdf', pdf),
      400,
      'Invalid characters in file name',
    );
    await expectRefused(
      'uploads',
      () => upload('bucket=uploads', `${'a'.repeat(252)}.pdf`, 'application/pdf', pdf),
      400,
      'Invalid file name length',
    );
  });
});

describe('list, download, association and delete', () => {
  it('lists files newest first, downloads them, links them to a chapter and unlinks them', async () => {
    const {
      story,
      chapters: [first, second],
    } = await insertStory(t.database.db, { title: 'El faro' });
    const audio = (
      await upload('bucket=audios', 'Capítulo; uno (final).m4a', 'audio/x-m4a', sampleM4a)
    ).json().file;
    const transcript = (
      await upload('bucket=trans', 'faro-uno.json', 'application/json', demoTranscript)
    ).json().file;

    // Newest first.
    const list = await call('GET', '/api/admin/files');
    expect(list.statusCode).toBe(200);
    const ids = list.json().files.map((file: { id: string }) => file.id);
    expect(ids.indexOf(transcript.id)).toBeLessThan(ids.indexOf(audio.id));
    const dates = list.json().files.map((file: { uploadDate: string }) => file.uploadDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    // Download: the stored bytes, as an attachment with the original name safely encoded.
    const download = await call('GET', `/api/admin/files/${audio.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(sampleM4a)).toBe(true);
    expect(download.headers['content-type']).toBe('audio/x-m4a');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Cap_tulo; uno (final).m4a"; filename*=UTF-8''Cap%C3%ADtulo%3B%20uno%20%28final%29.m4a`,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', `/api/admin/files/${crypto.randomUUID()}/download`)).statusCode).toBe(
      404,
    );

    // Targets: the story with its chapters in order.
    const targets = await call('GET', '/api/admin/files/association-targets');
    const target = targets.json().stories.find((entry: { id: string }) => entry.id === story.id);
    expect(target.chapters.map((chapter: { id: string }) => chapter.id)).toEqual([
      first!.id,
      second!.id,
    ]);

    // Associate: audio → audio_file_id and duration, transcript → transcript_file_id.
    const expectedSeconds = Math.round(
      (await parseBuffer(sampleM4a, { mimeType: 'audio/x-m4a' }, { duration: true })).format
        .duration!,
    );
    const linked = await call('POST', `/api/admin/chapters/${first!.id}/files`, {
      fileIds: [transcript.id, audio.id],
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().chapter).toMatchObject({
      id: first!.id,
      audioFileId: audio.filePath,
      transcriptFileId: transcript.filePath,
      duration: expectedSeconds,
    });
    const [row] = await t.database.db.select().from(chapters).where(eq(chapters.id, first!.id));
    expect(row).toMatchObject({
      audioFileId: audio.filePath,
      transcriptFileId: transcript.filePath,
      duration: expectedSeconds,
    });
    // Once the change is published (decision 021), learners hear the uploaded audio.
    expect((await call('POST', `/api/admin/stories/${story.id}/publish-changes`)).statusCode).toBe(
      200,
    );
    const played = await t.app.inject({ method: 'GET', url: `/api/chapters/${first!.id}/audio` });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(sampleM4a)).toBe(true);

    const afterLink = (await call('GET', '/api/admin/files')).json().files;
    const audioEntry = afterLink.find((file: { id: string }) => file.id === audio.id);
    const chapterUse = {
      storyId: story.id,
      storyTitle: 'El faro',
      chapterId: first!.id,
      chapterTitle: 'Chapter 1',
      chapterPosition: 1,
    };
    expect(audioEntry.uses).toEqual([
      { kind: 'chapter', role: 'audio', ...chapterUse },
      { kind: 'published-chapter', role: 'audio', ...chapterUse },
    ]);
    expect(afterLink.find((file: { id: string }) => file.id === transcript.id).uses[0].role).toBe(
      'transcript',
    );

    // Unassociate: every chapter reference goes; a second time there is nothing to remove.
    const unlinked = await call('DELETE', `/api/admin/files/${audio.id}/association`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual({ chaptersUpdated: 1 });
    const [cleared] = await t.database.db.select().from(chapters).where(eq(chapters.id, first!.id));
    expect(cleared!.audioFileId).toBe('');
    expect(cleared!.transcriptFileId).toBe(transcript.filePath);
    const again = await call('DELETE', `/api/admin/files/${audio.id}/association`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('No associations found to remove');

    // Delete: refused while a chapter uses the file; detached and deleted once confirmed.
    await call('POST', `/api/admin/chapters/${second!.id}/files`, { fileIds: [audio.id] });
    expect((await call('DELETE', `/api/admin/files/${audio.id}`)).statusCode).toBe(409);
    const deleted = await call('DELETE', `/api/admin/files/${audio.id}?detach=true`);
    expect(deleted.statusCode).toBe(204);
    const [secondRow] = await t.database.db
      .select()
      .from(chapters)
      .where(eq(chapters.id, second!.id));
    expect(secondRow!.audioFileId).toBe('');
    expect(
      await t.database.db.select().from(fileUploads).where(eq(fileUploads.id, audio.id)),
    ).toHaveLength(0);
    expect(await t.storage.head('audios', audio.filePath)).toBeNull();
    const audits = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.action, 'file_deleted')));
    expect(audits.some((entry) => entry.details.file_id === audio.id)).toBe(true);
    expect((await call('DELETE', `/api/admin/files/${audio.id}`)).statusCode).toBe(404);
  });

  it('answers the association helper errors', async () => {
    const {
      chapters: [chapter],
    } = await insertStory(t.database.db, {}, 1);
    const audio = (await upload('bucket=audios', 'a.wav', 'audio/wav', wav(1))).json().file;
    const audio2 = (await upload('bucket=audios', 'b.wav', 'audio/wav', wav(1))).json().file;
    const image = (await upload('bucket=series-images', 'i.png', 'image/png', await png())).json()
      .file;
    const generalAudio = (await upload('bucket=uploads', 'g.wav', 'audio/wav', wav(1))).json().file;

    const missingFile = await call('POST', `/api/admin/chapters/${chapter!.id}/files`, {
      fileIds: [crypto.randomUUID()],
    });
    expect(missingFile.statusCode).toBe(404);
    expect(missingFile.json().error.message).toBe('File not found');

    const missingChapter = await call('POST', `/api/admin/chapters/${crypto.randomUUID()}/files`, {
      fileIds: [audio.id],
    });
    expect(missingChapter.statusCode).toBe(404);
    expect(missingChapter.json().error.message).toBe('Chapter not found or no changes made');

    const twoAudios = await call('POST', `/api/admin/chapters/${chapter!.id}/files`, {
      fileIds: [audio.id, audio2.id],
    });
    expect(twoAudios.statusCode).toBe(400);
    const notMedia = await call('POST', `/api/admin/chapters/${chapter!.id}/files`, {
      fileIds: [image.id],
    });
    expect(notMedia.statusCode).toBe(400);
    const elsewhere = await call('POST', `/api/admin/chapters/${chapter!.id}/files`, {
      fileIds: [generalAudio.id],
    });
    expect(elsewhere.statusCode).toBe(400);
    for (const fileIds of [[], [audio.id, audio2.id, image.id], [audio.id, audio.id]]) {
      const res = await call('POST', `/api/admin/chapters/${chapter!.id}/files`, { fileIds });
      expect(res.statusCode).toBe(400);
    }
    const [unchanged] = await t.database.db
      .select()
      .from(chapters)
      .where(eq(chapters.id, chapter!.id));
    expect(unchanged!.audioFileId).toBe(chapter!.audioFileId);

    // A WAV's duration is read too.
    const ok = await call('POST', `/api/admin/chapters/${chapter!.id}/files`, {
      fileIds: [audio.id],
    });
    expect(ok.json().chapter).toMatchObject({ audioFileId: audio.filePath, duration: 1 });

    expect(
      (await call('DELETE', `/api/admin/files/${crypto.randomUUID()}/association`)).json().error
        .message,
    ).toBe('File not found');
    expect((await call('DELETE', '/api/admin/files/not-a-uuid')).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------
// Where files are used (decision 022)
// ---------------------------------------------------------------------------------------------

type Listed = {
  id: string;
  originalFilename: string;
  fileSize: number;
  uploadDate: string;
  uses: { kind: string }[];
  unused: boolean;
};

async function listFiles(query = ''): Promise<Listed[]> {
  const res = await call('GET', `/api/admin/files${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().files;
}

/** The listed files among `ids`, in the order the server gave. */
const among = (files: Listed[], ids: string[]) =>
  files.filter((file) => ids.includes(file.id)).map((file) => file.id);

const uploaded = async (query: string, name: string, type: string, content: Buffer) => {
  const res = await upload(query, name, type, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as {
    id: string;
    filePath: string;
    publicUrl: string | null;
    originalFilename: string;
  };
};

/** Moves an upload's date back, as if it had been uploaded `hours` ago. */
const ageUpload = (id: string, hours: number) =>
  t.database.db
    .update(fileUploads)
    .set({ uploadDate: new Date(Date.now() - hours * 3600_000) })
    .where(eq(fileUploads.id, id));

const storyRow = async (id: string) =>
  (await t.database.db.select().from(stories).where(eq(stories.id, id)))[0]!;

/**
 * A published story whose chapter 1 plays an uploaded audio and transcript, with an uploaded
 * cover; chapter 2 keeps an older uploaded transcript in its studio history. Published, so the
 * revision learners read names them too.
 */
async function storyUsingFiles(title: string) {
  const {
    story,
    chapters: [first, second],
  } = await insertStory(t.database.db, { title });
  const audio = await uploaded('bucket=audios', `${title} uno.m4a`, 'audio/x-m4a', sampleM4a);
  const transcript = await uploaded(
    'bucket=trans',
    `${title} uno.json`,
    'application/json',
    demoTranscript,
  );
  const older = await uploaded(
    'bucket=trans',
    `${title} dos v1.json`,
    'application/json',
    demoTranscript,
  );
  const cover = await uploaded(
    'bucket=series-images&kind=cover',
    `${title}.png`,
    'image/png',
    await png(),
  );
  const linked = await call('POST', `/api/admin/chapters/${first!.id}/files`, {
    fileIds: [audio.id, transcript.id],
  });
  expect(linked.statusCode, linked.body).toBe(200);
  await t.database.db
    .update(stories)
    .set({ imageUrl: cover.publicUrl })
    .where(eq(stories.id, story.id));
  await t.database.db
    .insert(transcriptVersions)
    .values({ chapterId: second!.id, version: 1, fileKey: older.filePath, source: 'upload' });
  const published = await call('POST', `/api/admin/stories/${story.id}/publish-changes`);
  expect(published.statusCode, published.body).toBe(200);
  return { story, first: first!, second: second!, audio, transcript, older, cover };
}

describe('where files are used', () => {
  it('lists every kind of use: chapters, published revision, history, cover, logo, home page image, avatar', async () => {
    const { story, first, second, audio, transcript, older, cover } =
      await storyUsingFiles('La isla');
    const logo = await uploaded('bucket=series-images', 'logo.png', 'image/png', await png());
    const home = await uploaded('bucket=uploads', 'portada-home.png', 'image/png', await png());
    const avatar = await uploaded('bucket=uploads', 'cara.png', 'image/png', await png());
    const loose = await uploaded('bucket=uploads', 'suelto.pdf', 'application/pdf', pdf);
    await t.database.db.insert(logoSettings).values({ logoUrl: logo.publicUrl!, altText: 'Logo' });
    await t.database.db
      .insert(homePageSettings)
      .values({ settingKey: 'feature_library', imageUrl: home.publicUrl })
      .onConflictDoUpdate({
        target: homePageSettings.settingKey,
        set: { imageUrl: home.publicUrl },
      });
    await t.database.db
      .update(profiles)
      .set({ avatarUrl: avatar.publicUrl, fullName: 'Lucía Learner' })
      .where(eq(profiles.id, learner.userId));

    const files = await listFiles();
    const usesOf = (id: string) => files.find((file) => file.id === id)!.uses;
    const storyRef = { storyId: story.id, storyTitle: 'La isla' };
    const chapter1 = {
      ...storyRef,
      chapterId: first.id,
      chapterTitle: 'Chapter 1',
      chapterPosition: 1,
    };
    const chapter2 = {
      ...storyRef,
      chapterId: second.id,
      chapterTitle: 'Chapter 2',
      chapterPosition: 2,
    };
    expect(usesOf(audio.id)).toEqual([
      { kind: 'chapter', role: 'audio', ...chapter1 },
      { kind: 'published-chapter', role: 'audio', ...chapter1 },
    ]);
    expect(usesOf(transcript.id)).toEqual([
      { kind: 'chapter', role: 'transcript', ...chapter1 },
      { kind: 'published-chapter', role: 'transcript', ...chapter1 },
    ]);
    expect(usesOf(older.id)).toEqual([{ kind: 'transcript-version', version: 1, ...chapter2 }]);
    expect(usesOf(cover.id)).toEqual([
      { kind: 'cover', ...storyRef },
      { kind: 'published-cover', ...storyRef },
    ]);
    expect(usesOf(logo.id)).toEqual([{ kind: 'logo' }]);
    expect(usesOf(home.id)).toEqual([{ kind: 'site-image', settingKey: 'feature_library' }]);
    expect(usesOf(avatar.id)).toEqual([
      { kind: 'avatar', userId: learner.userId, userName: 'Lucía Learner' },
    ]);
    // Nothing uses it, but it is new: not unused yet (a wizard may be about to attach it).
    expect(files.find((file) => file.id === loose.id)).toMatchObject({ uses: [], unused: false });
    // Original names, never storage keys.
    expect(files.find((file) => file.id === audio.id)!.originalFilename).toBe('La isla uno.m4a');

    // An inactive logo row is history, not a use.
    await t.database.db.update(logoSettings).set({ isActive: false });
    expect((await listFiles()).find((file) => file.id === logo.id)!.uses).toEqual([]);
  });

  it('filters by story and by use, and sorts by name, date and size', async () => {
    const mine = await storyUsingFiles('El río');
    const other = await storyUsingFiles('La sierra');
    const storyIds = [mine.audio.id, mine.transcript.id, mine.older.id, mine.cover.id];
    const byStory = await listFiles(`?storyId=${mine.story.id}`);
    expect(byStory.map((file) => file.id).sort()).toEqual([...storyIds].sort());
    expect(among(byStory, [other.audio.id])).toEqual([]);

    const a = await uploaded(
      'bucket=uploads',
      'b-mediano.txt',
      'text/plain',
      Buffer.alloc(300, 0x61),
    );
    const b = await uploaded(
      'bucket=uploads',
      'A-grande.txt',
      'text/plain',
      Buffer.alloc(900, 0x61),
    );
    const c = await uploaded(
      'bucket=uploads',
      'c-pequeño.txt',
      'text/plain',
      Buffer.alloc(100, 0x61),
    );
    await ageUpload(a.id, 30);
    await ageUpload(b.id, 50);
    const ours = [a.id, b.id, c.id];

    expect(among(await listFiles(), ours)).toEqual([c.id, a.id, b.id]);
    expect(among(await listFiles('?sort=date&order=asc'), ours)).toEqual([b.id, a.id, c.id]);
    // Names ignore case: A-grande, b-mediano, c-pequeño.
    expect(among(await listFiles('?sort=name'), ours)).toEqual([b.id, a.id, c.id]);
    expect(among(await listFiles('?sort=name&order=desc'), ours)).toEqual([c.id, a.id, b.id]);
    expect(among(await listFiles('?sort=size'), ours)).toEqual([b.id, a.id, c.id]);
    expect(among(await listFiles('?sort=size&order=asc'), ours)).toEqual([c.id, a.id, b.id]);

    const unused = await listFiles('?usage=unused&sort=name');
    expect(among(unused, [...ours, ...storyIds])).toEqual([b.id, a.id]);
    expect(unused.every((file) => file.unused && file.uses.length === 0)).toBe(true);
    expect(among(await listFiles('?usage=new'), [...ours, ...storyIds])).toEqual([c.id]);
    const inUse = await listFiles('?usage=in-use');
    expect(among(inUse, [...ours, ...storyIds]).sort()).toEqual([...storyIds].sort());
    expect(inUse.every((file) => file.uses.length > 0 && !file.unused)).toBe(true);
    // Both filters at once.
    expect(among(await listFiles(`?storyId=${mine.story.id}&usage=unused`), storyIds)).toEqual([]);

    for (const query of ['?sort=colour', '?usage=old', '?storyId=nope', '?order=up', '?page=2']) {
      const res = await call('GET', `/api/admin/files${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('deleting a file in use', () => {
  it('is refused with 409 naming the uses, and changes nothing', async () => {
    const { first, audio, cover, story } = await storyUsingFiles('El puerto');
    for (const file of [audio, cover]) {
      const res = await call('DELETE', `/api/admin/files/${file.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CONFLICT');
    }
    const refused = await call('DELETE', `/api/admin/files/${audio.id}?detach=false`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message:
        'El puerto uno.m4a is in use: El puerto → Chapter 1 (audio); El puerto → Chapter 1 (published audio)',
      details: {
        problems: ['El puerto → Chapter 1 (audio)', 'El puerto → Chapter 1 (published audio)'],
        hint: 'Detach it everywhere and delete it, or remove it from these uses first.',
      },
    });
    const coverRefusal = (await call('DELETE', `/api/admin/files/${cover.id}`)).json().error;
    expect(coverRefusal.details.problems).toEqual([
      'El puerto (cover)',
      'El puerto (published cover)',
    ]);

    const [chapter] = await t.database.db.select().from(chapters).where(eq(chapters.id, first.id));
    expect(chapter!.audioFileId).toBe(audio.filePath);
    expect((await storyRow(story.id)).imageUrl).toBe(cover.publicUrl);
    expect(await t.storage.head('audios', audio.filePath)).not.toBeNull();
    expect(
      await t.database.db.select().from(fileUploads).where(eq(fileUploads.id, audio.id)),
    ).toHaveLength(1);
  });

  it('detaches everywhere and deletes in one step once confirmed; learners no longer meet it', async () => {
    const { story, first, audio, transcript, older, cover } = await storyUsingFiles('La playa');
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/stories' }))
        .json()
        .stories.find((entry: { id: string }) => entry.id === story.id);
    // The cached public list shows the cover before…
    expect((await listed()).imageUrl).toBe(cover.publicUrl);
    const before = await t.app.inject({ method: 'GET', url: `/api/stories/${story.id}` });
    expect(before.json().story.chapters.map((chapter: { id: string }) => chapter.id)).toContain(
      first.id,
    );

    const res = await call('DELETE', `/api/admin/files/${audio.id}?detach=true`);
    expect(res.statusCode, res.body).toBe(204);

    // The working copy and the published revision no longer name it; the object is gone.
    const [chapter] = await t.database.db.select().from(chapters).where(eq(chapters.id, first.id));
    expect(chapter!.audioFileId).toBe('');
    expect(chapter!.transcriptFileId).toBe(transcript.filePath);
    const revision = (await storyRow(story.id)).publishedRevision!;
    expect(revision.chapters.map((entry) => entry.id)).not.toContain(first.id);
    expect(JSON.stringify(revision)).not.toContain(audio.filePath);
    expect(await t.storage.head('audios', audio.filePath)).toBeNull();
    expect(
      await t.database.db.select().from(fileUploads).where(eq(fileUploads.id, audio.id)),
    ).toHaveLength(0);
    // Learners: the chapter that lost its audio is out of the story (no 404 on play).
    const after = await t.app.inject({ method: 'GET', url: `/api/stories/${story.id}` });
    expect(after.statusCode).toBe(200);
    expect(after.json().story.chapters.map((c: { id: string }) => c.id)).not.toContain(first.id);

    // The audit log says what was detached, then that the file was deleted, by whom.
    const audits = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(sql`${securityAuditLog.details}->>'file_id' = ${audio.id}`);
    const detached = audits.find((entry) => entry.action === 'file_unassociated')!;
    expect(detached).toMatchObject({
      userId: admin.userId,
      details: {
        original_filename: 'La playa uno.m4a',
        uses: ['La playa → Chapter 1 (audio)', 'La playa → Chapter 1 (published audio)'],
        chapters: 1,
        publishedChapters: 1,
      },
    });
    expect(audits.find((entry) => entry.action === 'file_deleted')).toMatchObject({
      userId: admin.userId,
      details: { detached_uses: 2 },
    });

    // A cover: the story and its revision lose it (the story is no longer complete).
    expect((await call('DELETE', `/api/admin/files/${cover.id}?detach=true`)).statusCode).toBe(204);
    const withoutCover = await storyRow(story.id);
    expect(withoutCover.imageUrl).toBeNull();
    expect(withoutCover.publishedRevision!.imageUrl).toBeNull();
    // …and drops it at once after.
    expect((await listed()).imageUrl).toBeNull();
    expect(await t.storage.head('series-images', cover.filePath)).toBeNull();

    // A transcript kept only in the studio's history: the version goes with it.
    expect((await call('DELETE', `/api/admin/files/${older.id}?detach=true`)).statusCode).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(transcriptVersions)
        .where(eq(transcriptVersions.fileKey, older.filePath)),
    ).toHaveLength(0);

    // A file nothing uses is deleted at once; detach=true changes nothing more for it.
    const loose = await uploaded('bucket=uploads', 'nada.pdf', 'application/pdf', pdf);
    expect((await call('DELETE', `/api/admin/files/${loose.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/files/${loose.id}?detach=true`)).statusCode).toBe(404);
  });

  it('clears the logo, a home page image and an avatar when detached', async () => {
    const logo = await uploaded('bucket=series-images', 'marca.png', 'image/png', await png());
    const home = await uploaded('bucket=uploads', 'inicio.png', 'image/png', await png());
    const avatar = await uploaded('bucket=uploads', 'yo.png', 'image/png', await png());
    // Through the settings screen's route, so that the site's cached settings know the logo.
    const setLogo = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/logo',
      payload: { logoUrl: logo.publicUrl, altText: 'Marca' },
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(setLogo.statusCode, setLogo.body).toBe(200);
    await t.database.db
      .insert(homePageSettings)
      .values({ settingKey: 'tutorial_step_1', imageUrl: home.publicUrl })
      .onConflictDoUpdate({
        target: homePageSettings.settingKey,
        set: { imageUrl: home.publicUrl },
      });
    await t.database.db
      .update(profiles)
      .set({ avatarUrl: avatar.publicUrl })
      .where(eq(profiles.id, learner.userId));
    const settingsBefore = await t.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(settingsBefore.json().logo.url).toBe(logo.publicUrl);

    for (const file of [logo, home, avatar]) {
      expect((await call('DELETE', `/api/admin/files/${file.id}`)).statusCode).toBe(409);
      expect((await call('DELETE', `/api/admin/files/${file.id}?detach=true`)).statusCode).toBe(
        204,
      );
    }
    const [active] = await t.database.db
      .select()
      .from(logoSettings)
      .where(eq(logoSettings.isActive, true));
    expect(active).toBeUndefined();
    const [setting] = await t.database.db
      .select()
      .from(homePageSettings)
      .where(eq(homePageSettings.settingKey, 'tutorial_step_1'));
    expect(setting!.imageUrl).toBeNull();
    const [profile] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, learner.userId));
    expect(profile!.avatarUrl).toBeNull();
    // The site's cached settings drop the logo at once.
    const settingsAfter = await t.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(settingsAfter.json().logo).toBeNull();
  });

  it('is one transaction: when a step fails nothing is detached and the object stays', async () => {
    const { first, audio, story } = await storyUsingFiles('El valle');
    // The record's delete, the last step before commit, fails for this file only.
    await t.database.db.execute(
      sql.raw(`
        create function refuse_file_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$;
        create trigger refuse_file_delete before delete on file_uploads
          for each row when (old.id = '${audio.id}') execute function refuse_file_delete();`),
    );
    try {
      const res = await call('DELETE', `/api/admin/files/${audio.id}?detach=true`);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(
        sql.raw(
          'drop trigger refuse_file_delete on file_uploads; drop function refuse_file_delete();',
        ),
      );
    }
    const [chapter] = await t.database.db.select().from(chapters).where(eq(chapters.id, first.id));
    expect(chapter!.audioFileId).toBe(audio.filePath);
    const revision = (await storyRow(story.id)).publishedRevision!;
    expect(revision.chapters.some((entry) => entry.audioFileId === audio.filePath)).toBe(true);
    expect(await t.storage.head('audios', audio.filePath)).not.toBeNull();
    const audits = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(sql`${securityAuditLog.details}->>'file_id' = ${audio.id}`);
    expect(audits.filter((entry) => entry.action !== 'file_uploaded')).toEqual([]);
  });
});

describe('unused files', () => {
  it('lists uploads nothing used for 24 hours as unused and cleans them up, never younger ones', async () => {
    const old = await uploaded('bucket=uploads', 'viejo.pdf', 'application/pdf', pdf);
    const oldAudio = await uploaded('bucket=audios', 'abandonado.wav', 'audio/wav', wav(1));
    const fresh = await uploaded(
      'bucket=trans',
      'reciente.json',
      'application/json',
      demoTranscript,
    );
    const { audio: usedAudio } = await storyUsingFiles('El lago');
    await ageUpload(old.id, 25);
    await ageUpload(oldAudio.id, 24 * 7);
    await ageUpload(fresh.id, 23);
    await ageUpload(usedAudio.id, 48);

    const listed = await listFiles();
    const state = (id: string) => listed.find((file) => file.id === id)!.unused;
    expect([old, oldAudio, fresh, usedAudio].map((file) => state(file.id))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(
      among(await listFiles('?usage=unused'), [old.id, oldAudio.id, fresh.id, usedAudio.id]).sort(),
    ).toEqual([old.id, oldAudio.id].sort());

    // Asked to clean all four, it removes only the two unused ones.
    const missing = crypto.randomUUID();
    const res = await call('POST', '/api/admin/files/cleanup', {
      fileIds: [old.id, oldAudio.id, fresh.id, usedAudio.id, missing],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toEqual(
      expect.arrayContaining([
        { id: old.id, originalFilename: 'viejo.pdf' },
        { id: oldAudio.id, originalFilename: 'abandonado.wav' },
      ]),
    );
    expect(res.json()).toMatchObject({ kept: 3 });
    expect(res.json().removed).toHaveLength(2);

    const rows = await t.database.db
      .select({ id: fileUploads.id })
      .from(fileUploads)
      .where(inArray(fileUploads.id, [old.id, oldAudio.id, fresh.id, usedAudio.id]));
    expect(rows.map((row) => row.id).sort()).toEqual([fresh.id, usedAudio.id].sort());
    expect(await t.storage.head('uploads', old.filePath)).toBeNull();
    expect(await t.storage.head('audios', oldAudio.filePath)).toBeNull();
    expect(await t.storage.head('trans', fresh.filePath)).not.toBeNull();
    expect(await t.storage.head('audios', usedAudio.filePath)).not.toBeNull();

    const audits = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'file_deleted'));
    for (const file of [old, oldAudio]) {
      expect(audits.find((entry) => entry.details.file_id === file.id)).toMatchObject({
        userId: admin.userId,
        details: { reason: 'unused_cleanup', original_filename: file.originalFilename },
      });
    }

    // Nothing left to clean among these: a second request removes nothing.
    const again = await call('POST', '/api/admin/files/cleanup', { fileIds: [old.id, fresh.id] });
    expect(again.json()).toEqual({ removed: [], kept: 2 });
  });

  it('refuses a malformed clean-up request', async () => {
    for (const payload of [
      {},
      { fileIds: [] },
      { fileIds: ['not-a-uuid'] },
      { fileIds: [crypto.randomUUID()], all: true },
    ]) {
      const res = await call('POST', '/api/admin/files/cleanup', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const id = crypto.randomUUID();
    expect((await call('POST', '/api/admin/files/cleanup', { fileIds: [id, id] })).statusCode).toBe(
      400,
    );
  });
});

describe('access to the files screen', () => {
  it('answers visitors 401 and learners 403 on list, delete and clean-up', async () => {
    const file = await uploaded('bucket=uploads', 'privado.pdf', 'application/pdf', pdf);
    const requests = [
      { method: 'GET' as const, url: '/api/admin/files?usage=unused' },
      { method: 'DELETE' as const, url: `/api/admin/files/${file.id}?detach=true` },
      {
        method: 'POST' as const,
        url: '/api/admin/files/cleanup',
        payload: { fileIds: [file.id] },
      },
    ];
    for (const request of requests) {
      for (const [cookie, status] of [
        [undefined, 401],
        [learner.cookie, 403],
      ] as const) {
        const res = await t.app.inject({
          ...request,
          headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(status);
      }
    }
    expect(await t.storage.head('uploads', file.filePath)).not.toBeNull();
  });
});
