import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STAMP_HEADER, ANONYMOUS_STAMP } from '#shared/offline/account-stamp';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, writeMinimalClient, type TestApp } from './helpers/test-app.ts';

/**
 * What the server does for the installable, offline app (issue 15, decision 039): the service
 * worker's script is always revalidated, the app shell is served with the page policy, and the web
 * app manifest names the platform as the administrator set it.
 */

const ORIGIN = 'http://localhost:3000';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>Relatos</title><link rel="manifest" href="/manifest.webmanifest" /></head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>`;

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = writeMinimalClient(INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc.js'), 'export {};');
  t = await createTestApp({ PUBLIC_URL: ORIGIN }, { clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the service worker script', () => {
  it('is revalidated on every check (no-cache), unlike the hashed assets', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the app shell', () => {
  it('is the unrendered app (no page, no user) with the page policy, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-shell.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('/assets/index-abc.js');
  });

  it('names nobody, even asked for by a signed-in learner', async () => {
    const learner = await signedInUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/app-shell.html',
      headers: { cookie: learner.cookie },
    });
    expect(res.body).not.toContain(learner.email);
    expect(res.body).not.toContain('relatos-data');
  });
});

describe('the web app manifest', () => {
  const manifest = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.json<Record<string, unknown>>();
  };

  it('makes the app installable: name, start URL, standalone, colours and icons', async () => {
    expect(await manifest()).toMatchObject({
      name: 'Relatos',
      short_name: 'Relatos',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#fbf7f1',
      theme_color: '#fbf7f1',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    });
  });

  it("carries the platform's name and description from Platform Settings", async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/platform-settings',
      payload: {
        platformName: 'Cuentos para el Camino',
        platformDescription: 'Stories for the bus.',
        supportEmail: '',
      },
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(saved.statusCode).toBe(200);
    expect(await manifest()).toMatchObject({
      name: 'Cuentos para el Camino',
      short_name: 'Cuentos',
      description: 'Stories for the bus.',
    });
  });
});

describe('the icons', () => {
  it('are committed PNGs of the sizes the manifest and index.html name', () => {
    const publicDir = path.resolve(import.meta.dirname, '../../public');
    const size = (file: string) => {
      const png = fs.readFileSync(path.join(publicDir, file));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    expect(size('icons/icon-192.png')).toEqual([192, 192]);
    expect(size('icons/icon-512.png')).toEqual([512, 512]);
    expect(size('icons/icon-maskable-512.png')).toEqual([512, 512]);
    expect(size('icons/apple-touch-icon.png')).toEqual([180, 180]);
    const indexHtml = fs.readFileSync(path.resolve(publicDir, '../index.html'), 'utf8');
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(indexHtml).toContain(
      '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />',
    );
  });
});

describe('the account an answer was made for (issue 23)', () => {
  const stamp = (res: { headers: Record<string, unknown> }) =>
    res.headers[ACCOUNT_STAMP_HEADER.toLowerCase()];

  it("stamps API answers and pages with an opaque tag of the viewer's account, the same on both", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    const sessionA = await get('/api/auth/session', a.cookie);
    const profileA = await get('/api/me/profile', a.cookie);
    const pageA = await get('/library', a.cookie);
    const profileB = await get('/api/me/profile', b.cookie);
    expect(profileA.statusCode).toBe(200);
    expect(stamp(sessionA)).toEqual(expect.any(String));
    // The service worker compares the session answer's tag with each kept answer's.
    expect(stamp(profileA)).toBe(stamp(sessionA));
    expect(stamp(pageA)).toBe(stamp(sessionA));
    expect(stamp(profileB)).not.toBe(stamp(profileA));
    // Opaque: the account's id is not in it.
    expect(String(stamp(profileA))).not.toContain(a.userId);
  });

  it('stamps what nobody signed in sees as anonymous, an ended session included', async () => {
    const learner = await signedInUser(t);
    expect(stamp(await t.app.inject({ method: 'GET', url: '/api/auth/session' }))).toBe(
      ANONYMOUS_STAMP,
    );
    expect(stamp(await t.app.inject({ method: 'GET', url: '/library' }))).toBe(ANONYMOUS_STAMP);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: learner.cookie, origin: ORIGIN },
    });
    expect(signedOut.statusCode).toBeLessThan(300);
    const ended = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: learner.cookie },
    });
    expect(ended.json()).toMatchObject({ user: null });
    expect(stamp(ended)).toBe(ANONYMOUS_STAMP);
  });
});
