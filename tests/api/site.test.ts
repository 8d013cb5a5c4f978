import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, homePageSettings, logoSettings, trackingTags } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Relatos</title>\n<meta name="description" content="default" />\n</head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_format.js': { file: 'assets/format-1.js' },
      'src/client/app/routes/home.tsx': {
        file: 'assets/home-1.js',
        imports: ['_react.js', '_format.js'],
      },
    }),
  );
  t = await createTestApp({}, { clientDir });
  await t.app.context.services.demoContent.seed();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('site settings', () => {
  it('returns images in key order and the active logo', async () => {
    await t.database.db.insert(homePageSettings).values([
      { settingKey: 'tutorial_step_1', imageUrl: '/api/files/uploads/t1.webp' },
      { settingKey: 'feature_audio', imageUrl: '/api/files/uploads/a.webp' },
      { settingKey: 'hero_note', settingValue: 'hola' },
    ]);
    await t.database.db
      .insert(logoSettings)
      .values({ logoUrl: '/api/files/uploads/logo.svg', altText: 'Relatos logo' });
    const fresh = await createTestApp();
    await fresh.database.db
      .insert(homePageSettings)
      .values({ settingKey: 'feature_audio', imageUrl: '/x.webp' });
    const res = await fresh.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(res.json()).toEqual({ images: { feature_audio: '/x.webp' }, values: {}, logo: null });
    await fresh.close();

    const mine = await t.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(Object.keys(mine.json().images)).toEqual(['feature_audio', 'tutorial_step_1']);
    expect(mine.json().values).toEqual({ hero_note: 'hola' });
    expect(mine.json().logo).toEqual({
      url: '/api/files/uploads/logo.svg',
      altText: 'Relatos logo',
    });
  });
});

describe('tracking tags', () => {
  it('lists only active tags, oldest first', async () => {
    const app = await createTestApp();
    await app.database.db.insert(trackingTags).values([
      { tagName: 'GTM', tagType: 'gtm', tagId: 'GTM-ABC123', createdAt: new Date('2026-01-01') },
      { tagName: 'Off', tagType: 'ga4', tagId: 'G-OFF', isActive: false },
      { tagName: 'Pixel', tagType: 'facebook', tagId: '12345', createdAt: new Date('2026-02-01') },
    ]);
    const res = await app.app.inject({ method: 'GET', url: '/api/tracking-tags' });
    expect(res.json().tags.map((tag: { tagName: string }) => tag.tagName)).toEqual([
      'GTM',
      'Pixel',
    ]);
    await app.close();
  });
});

describe('contact', () => {
  const message = {
    name: 'Ana',
    email: 'ana@example.com',
    category: 'feature',
    subject: 'Más historias',
    message: '¿Habrá historias de nivel avanzado? <script>x</script>',
  };

  it('stores a sanitised feedback row, linked to the signed-in user', async () => {
    const user = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, user.userId));
    expect(row).toMatchObject({ name: 'Ana', category: 'feature', subject: 'Más historias' });
    expect(row!.message).toBe('¿Habrá historias de nivel avanzado?');
  });

  it.each([
    ['a malformed email', { ...message, email: 'nope' }],
    ['an unknown category', { ...message, category: 'spam' }],
    ['an empty subject', { ...message, subject: '' }],
    ['a message over 5,000 characters', { ...message, message: 'x'.repeat(5001) }],
    ['a name over 255 characters', { ...message, name: 'n'.repeat(256) }],
    ['an unknown field', { ...message, extra: true }],
  ])('refuses %s', async (_case, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      remoteAddress: '198.51.100.1',
    });
    expect(res.statusCode).toBe(400);
  });

  it('allows 5 messages per hour per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/contact',
            payload: message,
            remoteAddress: '203.0.113.50',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('resized images', () => {
  it('serves a cover as WebP at the requested size, with defaults 800x600', async () => {
    const story = (await t.app.inject({ method: 'GET', url: '/api/stories' })).json().stories[0];
    const url = story.imageUrl.replace('/api/files/', '/api/images/');
    const res = await t.app.inject({ method: 'GET', url: `${url}?w=400&h=300&q=70` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 300]);
    const defaults = await t.app.inject({ method: 'GET', url });
    expect(await sharp(defaults.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(defaults.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses bad sizes and private buckets', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/series-images/x.webp?w=99999' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/audios/x.m4a' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/series-images/missing.webp' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('story pages in the HTML the server sends', () => {
  it('carry title, description, canonical, Open Graph and Twitter tags', async () => {
    const story = (await t.app.inject({ method: 'GET', url: '/api/stories' })).json().stories[0];
    const res = await t.app.inject({ method: 'GET', url: `/story/${story.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${story.title} — Relatos</title>`);
    expect(res.body).toContain(
      `<link rel="canonical" href="http://localhost:3000/story/${story.slug}" />`,
    );
    expect(res.body).toContain('<meta property="og:title"');
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(res.body).toContain(
      `<meta property="og:image" content="http://localhost:3000${story.imageUrl}" />`,
    );
    expect(res.body).toContain(`<meta name="description" content="${story.description}" />`);
    expect(res.body).toContain('rel="preload" as="image"');
    expect(res.body).not.toContain('content="default"');
  });

  it('escape what they insert', async () => {
    await insertStory(
      t.database.db,
      {
        title: 'Una "historia" <b>rara</b>',
        slug: 'una-historia-rara',
        description: '"><script>alert(1)</script>',
      },
      0,
    );
    const res = await t.app.inject({ method: 'GET', url: '/story/una-historia-rara' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('answer an unknown slug with the app and status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/story/no-such-story' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });
});

describe('the Content-Security-Policy of pages', () => {
  it('admits exactly the sources and inline scripts of active tracking tags, never on admin pages', async () => {
    const { createHash } = await import('node:crypto');
    const { planInlineCode, planTrackingTag } = await import('#shared/discover/tracking');
    const app = await createTestApp({}, { clientDir });
    const [, custom] = await app.database.db
      .insert(trackingTags)
      .values([
        { tagName: 'GTM', tagType: 'gtm', tagId: 'GTM-ABC123' },
        {
          tagName: 'Custom',
          tagType: 'custom',
          scriptContent: 'window.hello = 1; <script>bad()</script>',
        },
        { tagName: 'Off', tagType: 'facebook', tagId: '999', isActive: false },
      ])
      .returning();
    const page = await app.app.inject({ method: 'GET', url: '/library' });
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src'))!;
    const [inline] = planInlineCode(planTrackingTag({ ...custom!, id: custom!.id })!);
    const hash = createHash('sha256').update(inline!).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' https://www.googletagmanager.com 'sha256-${hash}'`);
    expect(policy).not.toContain('connect.facebook.net');
    expect(policy).toContain("frame-ancestors 'none'");

    const admin = await app.app.inject({ method: 'GET', url: '/admin/settings' });
    expect(String(admin.headers['content-security-policy'])).toContain("script-src 'self';");
    const api = await app.app.inject({ method: 'GET', url: '/api/stories' });
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
    await app.close();
  });

  it("admits the origin of an https logo on every page, the admin area's too", async () => {
    const app = await createTestApp({}, { clientDir });
    const admin = await signedInUser(app, { role: 'admin' });
    const saved = await app.app.inject({
      method: 'PUT',
      url: '/api/admin/logo',
      headers: { cookie: admin.cookie, origin: 'http://localhost:3000' },
      payload: { logoUrl: 'https://cdn.example.org/brand/logo.png', altText: 'Relatos' },
    });
    expect(saved.statusCode).toBe(200);
    for (const url of ['/', '/library', '/admin/settings']) {
      const page = await app.app.inject({ method: 'GET', url });
      const imgSrc = String(page.headers['content-security-policy'])
        .split('; ')
        .find((part) => part.startsWith('img-src'));
      expect(imgSrc, url).toContain('https://cdn.example.org');
    }
    await app.close();
  });
});

describe('first data inlined into the pages a visit lands on', () => {
  const inlined = (html: string) => {
    const match = /<script type="application\/json" id="relatos-data">([\s\S]*?)<\/script>/.exec(
      html,
    );
    return match
      ? (JSON.parse(match[1]!) as Record<string, { stories?: unknown[]; story?: { slug: string } }>)
      : undefined;
  };

  it('gives / and /library the settings and the published library, as the API would', async () => {
    for (const url of ['/', '/library']) {
      const res = await t.app.inject({ method: 'GET', url });
      const data = inlined(res.body)!;
      expect(Object.keys(data).sort()).toEqual(['session', 'site-settings', 'stories']);
      const api = (await t.app.inject({ method: 'GET', url: '/api/stories' })).json();
      expect(data.stories).toEqual(api);
    }
  });

  it("never inlines a preview (decision 021): the administrator's browser asks the API for it", async () => {
    const draft = await insertStory(
      t.database.db,
      { title: 'Borrador', status: 'draft', publishedAt: null },
      1,
    );
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const url = `/story/${draft.story.slug}?preview=1`;
    const admin = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(admin.statusCode).toBe(200);
    expect(Object.keys(inlined(admin.body)!).sort()).toEqual(['session', 'site-settings']);
    expect(admin.body).not.toContain('Borrador');
    // Anyone else gets the page as without ?preview=1: a draft is not found.
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).not.toContain('Borrador');
  });

  it('gives a story page its story and preloads the cover it shows', async () => {
    const story = (await t.app.inject({ method: 'GET', url: '/api/stories' })).json().stories[0];
    const res = await t.app.inject({ method: 'GET', url: `/story/${story.slug}` });
    expect(inlined(res.body)![`story:${story.slug}`]!.story!.slug).toBe(story.slug);
    expect(res.body).toContain('?w=560&#38;h=420&#38;q=80');
    expect(res.body).toContain('imagesrcset=');
  });

  it('escapes < so inlined text cannot close the block', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/story/una-historia-rara' });
    const block = /<script type="application\/json" id="relatos-data">([\s\S]*?)<\/script>/.exec(
      res.body,
    )![1]!;
    expect(block).not.toContain('<');
    expect(JSON.stringify(inlined(res.body))).toContain('<b>rara</b>');
  });

  it('gives other pages the session and the site settings (the header names the platform)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/help' });
    const api = (await t.app.inject({ method: 'GET', url: '/api/site/settings' })).json();
    expect(inlined(res.body)).toEqual({ session: { user: null }, 'site-settings': api });
  });

  it('names the signed-in user, in a page no cache may keep', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/profile' });
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    const { cookie, userId, email } = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/profile', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('Cookie');
    const session = inlined(res.body)!.session as unknown as {
      user: { id: string; email: string };
    };
    expect(session.user).toMatchObject({ id: userId, email });
  });

  it('is sent compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/library',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('the lazy chunk of the page being served', () => {
  it('is preloaded with the HTML, without what the entry already loads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js" />');
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/format-1.js" />',
    );
    expect(res.body).not.toContain('href="/assets/react-1.js"');
    const other = await t.app.inject({ method: 'GET', url: '/help' });
    expect(other.body).not.toContain('modulepreload');
  });

  it('does not serve the build manifest', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(
      404,
    );
  });
});

describe('pages rendered by the server', () => {
  let rendered: TestApp;
  let broken: TestApp;
  let counting: TestApp;
  let bundleDir: string;

  const indexHtml =
    '<!doctype html><html><head><title>Relatos</title>\n' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
    '</head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-ssr-'));
    for (const dir of ['client', 'client/.vite']) fs.mkdirSync(path.join(bundleDir, dir));
    fs.writeFileSync(path.join(bundleDir, 'client', 'index.html'), indexHtml);
    fs.writeFileSync(
      path.join(bundleDir, 'client', '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react-1.js' },
        'src/client/boot.ts': { file: 'assets/boot-1.js', isEntry: true },
        'src/client/app/routes/library.tsx': {
          file: 'assets/library-1.js',
          imports: ['_react.js'],
        },
      }),
    );
    // Stand-ins for dist/ssr/entry-server.js: one echoes what it was given, one fails.
    fs.writeFileSync(
      path.join(bundleDir, 'echo.js'),
      'export const render = async ({ url, data }) => `<p data-url="${url}">$& ${Object.keys(data).sort().join(",")}</p>`;',
    );
    fs.writeFileSync(
      path.join(bundleDir, 'count.js'),
      'let renders = 0; export const render = async ({ url }) => `<p>${url} render ${++renders}</p>`;',
    );
    fs.writeFileSync(
      path.join(bundleDir, 'broken.js'),
      'export const render = async () => { throw new Error("render failed"); };',
    );
    const clientDir = path.join(bundleDir, 'client');
    rendered = await createTestApp(
      {},
      { clientDir, serverRenderEntry: path.join(bundleDir, 'echo.js') },
    );
    broken = await createTestApp(
      {},
      { clientDir, serverRenderEntry: path.join(bundleDir, 'broken.js') },
    );
    counting = await createTestApp(
      {},
      { clientDir, serverRenderEntry: path.join(bundleDir, 'count.js') },
    );
    await rendered.app.context.services.demoContent.seed();
  });
  afterAll(async () => {
    await rendered.close();
    await broken.close();
    await counting.close();
    fs.rmSync(bundleDir, { recursive: true, force: true });
  });

  it('put the page inside #root, rendered from the data the page inlines', async () => {
    const res = await rendered.app.inject({ method: 'GET', url: '/library?q=pan' });
    expect(res.body).toContain(
      '<div id="root"><p data-url="/library?q=pan">$& session,site-settings,stories</p></div>',
    );
    const slug = (await rendered.app.inject({ method: 'GET', url: '/api/stories' })).json()
      .stories[0].slug;
    const story = await rendered.app.inject({ method: 'GET', url: `/story/${slug}` });
    expect(story.body).toContain(`session,site-settings,story:${slug}</p></div>`);
    const help = await rendered.app.inject({ method: 'GET', url: '/help' });
    expect(help.body).toContain('<p data-url="/help">$& session,site-settings</p>');
  });

  it('load their scripts through the boot script, after the first paint', async () => {
    const res = await rendered.app.inject({ method: 'GET', url: '/library' });
    expect(res.body).toContain(
      '<script type="module" crossorigin src="/assets/boot-1.js" data-relatos-entry="/assets/index-1.js" data-relatos-preload="/assets/react-1.js /assets/library-1.js"></script>',
    );
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('src="/assets/index-1.js"');
  });

  it('leave the pages only the browser renders as built', async () => {
    for (const url of [
      '/player/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10',
      '/story/no-such-story',
      '/auth',
    ]) {
      const res = await rendered.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
      expect(res.body).not.toContain('boot-1.js');
    }
  });

  it("render a visitor's page once per address and data, a signed-in user's page every time", async () => {
    const get = async (url: string, cookie?: string) =>
      /render (\d+)/.exec(
        (await counting.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body,
      )?.[1];
    const first = await get('/help');
    expect(await get('/help')).toBe(first);
    expect(await get('/faq')).not.toBe(first);
    // New data is a new page: a published story changes what /library renders.
    const library = await get('/library');
    expect(await get('/library')).toBe(library);
    await insertStory(counting.database.db, { status: 'published' }, 1);
    await counting.app.context.services.stories.invalidatePublishedList();
    expect(await get('/library')).not.toBe(library);
    const { cookie } = await signedInUser(counting);
    const mine = await get('/help', cookie);
    expect(await get('/help', cookie)).not.toBe(mine);
  });

  it('fall back to the browser when rendering fails', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(res.body).toContain('id="relatos-data"');
  });
});
