import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, fileUploads, securityAuditLog } from '#server/db/schema';
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
    } = await insertStory(t.database.db, {
      title: 'El faro',
      position: 1,
    });
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
    expect(audioEntry.associations).toEqual([
      {
        storyId: story.id,
        storyTitle: 'El faro',
        chapterId: first!.id,
        chapterTitle: 'Chapter 1',
        role: 'audio',
      },
    ]);
    expect(
      afterLink.find((file: { id: string }) => file.id === transcript.id).associations[0].role,
    ).toBe('transcript');

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

    // Delete: chapter references, record and object go.
    await call('POST', `/api/admin/chapters/${second!.id}/files`, { fileIds: [audio.id] });
    const deleted = await call('DELETE', `/api/admin/files/${audio.id}`);
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
