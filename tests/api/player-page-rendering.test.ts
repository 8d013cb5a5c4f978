import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '#shared/contracts/stories';
import { signedInUser } from './helpers/accounts.ts';
import { writeServerRenderBundle } from './helpers/server-render-bundle.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The player page (decision 037): rendered by the server with the chapter, its story and, for a
// chapter the viewer may open, its transcript inlined exactly as the API answers them.

const indexHtml =
  '<!doctype html><html><head><title>Relatos</title>\n' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '</head><body><div id="root"></div></body></html>';

let t: TestApp;
let bundle: ReturnType<typeof writeServerRenderBundle>;
let open: Story;
let locked: Story;

beforeAll(async () => {
  bundle = writeServerRenderBundle({
    prefix: 'relatos-player-pages-',
    indexHtml,
    chunks: { 'src/client/app/routes/player.tsx': 'assets/player-1.js' },
    // A stand-in for dist/ssr/entry-server.js: it names the page it was asked for.
    renderModule:
      'export const render = async ({ url }) => `<main data-url="${url}">page</main>`;\n',
  });
  t = await createTestApp({}, bundle.appOptions);
  await t.app.context.services.demoContent.seed();
  const { stories } = (await t.app.inject({ method: 'GET', url: '/api/stories' })).json() as {
    stories: Story[];
  };
  open = stories.find((story) => !story.requiresLogin && story.chapters.length > 1)!;
  locked = stories.find((story) => story.requiresLogin)!;
  expect(open).toBeDefined();
  expect(locked).toBeDefined();
});
afterAll(async () => {
  await t.close();
  bundle.remove();
});

const inlinedData = (html: string): Record<string, unknown> =>
  JSON.parse(
    /<script type="application\/json" id="relatos-data">([\s\S]*?)<\/script>/.exec(html)![1]!,
  ) as Record<string, unknown>;

const firstChapter = (story: Story) =>
  story.chapters.toSorted((a, b) => a.position - b.position)[0]!;

async function apiBody(url: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, url).toBe(200);
  return res.json() as unknown;
}

describe('the player page', () => {
  it('of an open chapter carries the chapter, its story and its transcript as the API sends them', async () => {
    const chapter = firstChapter(open);
    const url = `/player/${chapter.id}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<div id="root"><main data-url="${url}">page</main></div>`);
    // Server-rendered: the boot script loads the app (and the player's chunk) after first paint.
    expect(res.body).toContain('data-relatos-preload="/assets/player-1.js"');
    expect(res.body).toContain(`<title>Relatos — ${chapter.title} — ${open.title}</title>`);

    const data = inlinedData(res.body);
    expect(data[`chapter:${chapter.id}`]).toEqual(await apiBody(`/api/chapters/${chapter.id}`));
    expect(data[`story-id:${open.id}`]).toEqual(await apiBody(`/api/stories/${open.id}`));
    expect(data[`transcript:${chapter.id}`]).toEqual(
      await apiBody(`/api/chapters/${chapter.id}/transcript`),
    );
    expect(data.session).toEqual({ user: null });
  });

  it('of a chapter that needs an account carries no transcript for a visitor, and the media routes still refuse', async () => {
    const chapter = firstChapter(locked);
    const res = await t.app.inject({ method: 'GET', url: `/player/${chapter.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main data-url=');
    const data = inlinedData(res.body);
    expect(data[`chapter:${chapter.id}`]).toEqual(await apiBody(`/api/chapters/${chapter.id}`));
    expect(Object.keys(data).some((key) => key.startsWith('transcript:'))).toBe(false);
    expect(res.body).not.toContain('"segments"');

    for (const media of ['transcript', 'audio']) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/chapters/${chapter.id}/${media}`,
      });
      expect(refused.statusCode, media).toBe(401);
    }
  });

  it('of a chapter that needs an account carries the transcript for a signed-in learner', async () => {
    const { cookie } = await signedInUser(t);
    const chapter = firstChapter(locked);
    const res = await t.app.inject({
      method: 'GET',
      url: `/player/${chapter.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = inlinedData(res.body);
    expect(data[`transcript:${chapter.id}`]).toEqual(
      await apiBody(`/api/chapters/${chapter.id}/transcript`, cookie),
    );
  });

  it('of an unknown chapter answers 404 and leaves the page to the browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/player/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('href="/assets/player-1.js"');
  });

  it('asking for a preview is neither inlined nor rendered', async () => {
    const chapter = firstChapter(open);
    const res = await t.app.inject({ method: 'GET', url: `/player/${chapter.id}?preview=1` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(Object.keys(inlinedData(res.body)).some((key) => key.startsWith('chapter:'))).toBe(
      false,
    );
  });
});
