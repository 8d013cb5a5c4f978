import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStory } from './helpers/fixtures.ts';
import { writeServerRenderBundle } from './helpers/server-render-bundle.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The HTML the server assembles pages from: every part a page fills in is present once.
const indexHtml =
  '<!doctype html><html><head><title>Relatos</title>\n' +
  '<meta name="description" content="default" />\n' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '</head><body><noscript>Enable JavaScript</noscript><div id="root"></div></body></html>';

// Every replacement pattern String.prototype.replace reads in a string replacement.
const DOLLARS = "Costs $1 and $& more, $` before, $' after, $$ cash";
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

let t: TestApp;
let bundle: ReturnType<typeof writeServerRenderBundle>;

beforeAll(async () => {
  bundle = writeServerRenderBundle({
    prefix: 'relatos-pages-',
    indexHtml,
    chunks: {
      'src/client/app/routes/story.tsx': 'assets/story-$&-1.js',
      'src/client/app/routes/player.tsx': "assets/player-$`-$'-1.js",
    },
    // A stand-in for dist/ssr/entry-server.js that renders the inlined story's title and
    // description as they are (the real page does the same, escaped by React).
    renderModule: [
      'export const render = async ({ url, data }) => {',
      '  const story = Object.entries(data).find(([key]) => key.startsWith("story:"))?.[1]?.story;',
      '  return story ? `<h1>${story.title}</h1><p>${story.description}</p>` : `<p data-url="${url}">page</p>`;',
      '};',
    ].join('\n'),
  });
  t = await createTestApp({}, bundle.appOptions);
  await t.app.context.services.demoContent.seed();
});
afterAll(async () => {
  await t.close();
  bundle.remove();
});

describe('content with $ patterns in a server-rendered page', () => {
  it('is inserted verbatim into the title, the meta tags, the inlined data and the page', async () => {
    await insertStory(t.database.db, {
      title: `Title ${DOLLARS}`,
      slug: 'dollar-patterns',
      description: `Description ${DOLLARS}`,
    });
    const res = await t.app.inject({ method: 'GET', url: '/story/dollar-patterns' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // The document is there once: "$`" and "$'" would copy what precedes or follows it.
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(`Title ${DOLLARS} — Relatos`)}</title>`);
    expect(html).toContain(
      `<meta name="description" content="${escapeHtml(`Description ${DOLLARS}`)}" />`,
    );
    expect(html).toContain(
      `<meta property="og:title" content="${escapeHtml(`Title ${DOLLARS} — Relatos`)}" />`,
    );
    const inlined = /<script type="application\/json" id="relatos-data">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    const story = JSON.parse(inlined!)['story:dollar-patterns'].story;
    expect(story.title).toBe(`Title ${DOLLARS}`);
    expect(story.description).toBe(`Description ${DOLLARS}`);
    expect(html).toContain(
      `<div id="root"><h1>Title ${DOLLARS}</h1><p>Description ${DOLLARS}</p></div>`,
    );
    // Route module paths go into the boot script's preload list verbatim as well.
    expect(html).toContain('data-relatos-preload="/assets/story-$&#38;-1.js"');
  });

  it('is inserted verbatim into a page the browser renders', async () => {
    // An unknown chapter's player is not rendered by the server (404): its route module is
    // preloaded into the head.
    const res = await t.app.inject({
      method: 'GET',
      url: '/player/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body.match(/<!doctype html>/g)).toHaveLength(1);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body).toContain('href="/assets/player-$`-$\'-1.js" />');
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('addresses no client route shows', () => {
  it('answer 404 with the rendered not-found page', async () => {
    for (const url of ['/no-such-page', '/story/a/b', '/profile/extra?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<title>Relatos — Page Not Found</title>');
      expect(res.body, url).toContain(`<div id="root"><p data-url="${url}">page</p></div>`);
      expect(res.body, url).toContain('id="relatos-data"');
    }
  });

  it('leave the known client routes at 200', async () => {
    const story = (await t.app.inject({ method: 'GET', url: '/api/stories' })).json().stories[0];
    for (const url of [
      '/',
      '/library',
      '/library/',
      `/story/${story.slug}`,
      `/player/${story.chapters[0].id}`,
      '/library/reader/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10',
      '/profile',
      '/auth',
      '/reset-password?token=abc',
      '/help',
      '/admin',
      '/admin/users',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Page Not Found');
    }
  });

  it('stay JSON 404s under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
