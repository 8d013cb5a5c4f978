import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploads } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t);
  bob = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const as = (
  user: { cookie: string } | null,
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

function multipart(filename: string, contentType: string, content: Buffer) {
  const boundary = '----relatos-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const uploadAvatar = (
  user: { cookie: string },
  filename: string,
  type: string,
  content: Buffer,
) => {
  const form = multipart(filename, type, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    payload: form.body,
    headers: { cookie: user.cookie, 'content-type': form.contentType },
  });
};

describe('profile', () => {
  it('reads and updates only your own profile', async () => {
    const res = await as(alice, 'GET', '/api/me/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      id: alice.userId,
      email: alice.email,
      role: 'user',
    });

    const updated = await as(alice, 'PATCH', '/api/me/profile', { fullName: 'Alicia Pérez' });
    expect(updated.json().profile.fullName).toBe('Alicia Pérez');
    const bobs = await as(bob, 'GET', '/api/me/profile');
    expect(bobs.json().profile.id).toBe(bob.userId);
    expect(bobs.json().profile.fullName).not.toBe('Alicia Pérez');
  });

  it('cannot be pointed at another user', async () => {
    const res = await as(alice, 'PATCH', '/api/me/profile', { fullName: 'X', id: bob.userId });
    expect(res.statusCode).toBe(400);
  });

  it('refuses visitors', async () => {
    for (const url of [
      '/api/me/profile',
      '/api/me/preferences',
      '/api/me/statistics',
      '/api/me/achievements',
      '/api/me/membership',
    ]) {
      const res = await as(null, 'GET', url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('refuses an empty or overlong name', async () => {
    expect((await as(alice, 'PATCH', '/api/me/profile', { fullName: '   ' })).statusCode).toBe(400);
    expect(
      (await as(alice, 'PATCH', '/api/me/profile', { fullName: 'n'.repeat(256) })).statusCode,
    ).toBe(400);
  });
});

describe('preferences', () => {
  it('starts from the defaults and keeps changes per user', async () => {
    const initial = await as(bob, 'GET', '/api/me/preferences');
    expect(initial.json().preferences).toMatchObject({
      playbackSpeed: 1,
      autoPlayNext: false,
      showTranslations: false,
      preferredLanguage: 'en',
      theme: 'auto',
      strictAccents: false,
    });
    const changed = await as(alice, 'PATCH', '/api/me/preferences', {
      playbackSpeed: 1.25,
      theme: 'dark',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().preferences).toMatchObject({ playbackSpeed: 1.25, theme: 'dark' });
    expect((await as(alice, 'GET', '/api/me/preferences')).json().preferences.theme).toBe('dark');
    expect((await as(bob, 'GET', '/api/me/preferences')).json().preferences.theme).toBe('auto');
  });

  it("keeps practice's strict accents on for the learner who turned it on, and only for them", async () => {
    const learner = await signedInUser(t);
    const other = await signedInUser(t);
    const changed = await as(learner, 'PATCH', '/api/me/preferences', { strictAccents: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().preferences).toMatchObject({ strictAccents: true, theme: 'auto' });
    const read = async (user: typeof learner) =>
      (await as(user, 'GET', '/api/me/preferences')).json().preferences.strictAccents;
    expect(await read(learner)).toBe(true);
    expect(await read(other)).toBe(false);
    await as(learner, 'PATCH', '/api/me/preferences', { strictAccents: false });
    expect(await read(learner)).toBe(false);
  });

  it.each([
    [{ strictAccents: 'yes' }],
    [{ playbackSpeed: 0.3 }],
    [{ playbackSpeed: 2.5 }],
    [{ playbackSpeed: 1.1 }],
    [{ preferredLanguage: 'it' }],
    [{ theme: 'blue' }],
    [{}],
    [{ userId: 'someone-else', theme: 'dark' }],
  ])('refuses %j', async (payload) => {
    const res = await as(alice, 'PATCH', '/api/me/preferences', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('avatar', () => {
  it('stores a real image and shows it on the profile, replacing the previous one', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#b5441f' },
    })
      .png()
      .toBuffer();
    const res = await uploadAvatar(alice, 'me.png', 'image/png', png);
    expect(res.statusCode).toBe(200);
    const url = res.json().profile.avatarUrl as string;
    expect(url).toMatch(/^\/api\/files\/uploads\/avatars\//);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const webp = await sharp(png).webp().toBuffer();
    const second = await uploadAvatar(alice, 'me.webp', 'image/webp', webp);
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(fileUploads)
      .where(eq(fileUploads.uploadedBy, alice.userId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a file whose content is not the image it claims to be, storing nothing', async () => {
    const res = await uploadAvatar(
      bob,
      'evil.png',
      'image/png',
      Buffer.from('<script>alert(1)</script>'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('File content does not match declared type');
    const rows = await t.database.db
      .select()
      .from(fileUploads)
      .where(eq(fileUploads.uploadedBy, bob.userId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a type that is not allowed', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await uploadAvatar(bob, 'a.gif', 'image/gif', gif);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('File type not allowed');
  });

  it('refuses a file over 5 MB instead of truncating it', async () => {
    const big = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(5 * 1024 * 1024 + 10),
    ]);
    const res = await uploadAvatar(bob, 'big.jpg', 'image/jpeg', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File size exceeds 5MB limit');
  });

  it('refuses a non-multipart body', async () => {
    const res = await as(bob, 'POST', '/api/me/avatar', { file: 'x' });
    expect(res.statusCode).toBe(415);
  });
});

describe('statistics, achievements and membership', () => {
  it('start at zero for a new learner', async () => {
    expect((await as(bob, 'GET', '/api/me/statistics')).json().statistics).toEqual({
      storiesCompleted: 0,
      listeningMinutes: 0,
      achievementsCount: 0,
      averageProgress: 0,
    });
    expect((await as(bob, 'GET', '/api/me/achievements')).json()).toEqual({ achievements: [] });
    expect((await as(bob, 'GET', '/api/me/membership')).json().membership).toEqual({
      hasLifetimeAccess: false,
      grantedAt: null,
      membershipLevel: null,
    });
  });
});
