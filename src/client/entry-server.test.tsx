import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server';
import { storyFixture, userFixture } from '#client/test/render-app';

const lockedStory = {
  ...storyFixture,
  id: '66666666-6666-4666-8666-666666666666',
  slug: 'la-carta',
  title: 'La carta',
  requiresLogin: true,
};
const data = (user: typeof userFixture | null) => ({
  session: { user },
  'site-settings': { images: {}, values: {}, logo: null },
  stories: { stories: [storyFixture, lockedStory] },
});

/** The server's 2 s limit is for a server; under a loaded test run the test's own limit applies. */
const renderPage = (input: Parameters<typeof render>[0]) => render({ timeoutMs: 25_000, ...input });

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('server rendering', () => {
  it('renders the home page itself, with the featured story from the inlined data', async () => {
    const html = await renderPage({ url: '/', data: data(null) });
    expect(text(html)).toContain('Start Your Spanish Story Journey Now!');
    expect(text(html)).toContain('Featured Story');
    expect(text(html)).toContain('El mercado');
    // No loading screen, no inline script (the CSP refuses them).
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/role="status"[^>]*>\s*<span class="sr-only">Loading/);
  });

  it('renders the library as the address asks, with its locks for a visitor', async () => {
    const html = await renderPage({ url: '/library?q=carta', data: data(null) });
    expect(text(html)).toContain('La carta');
    expect(text(html)).not.toContain('El mercado');
    expect(text(html)).toContain('Login to View');
    expect(html).toContain('value="carta"');
  });

  it('renders for the signed-in user of the session', async () => {
    const html = await renderPage({ url: '/library', data: data(userFixture) });
    expect(text(html)).not.toContain('Login to View');
    expect(html).toContain('aria-label="Account menu"');
  });

  it('renders a story page from its inlined story', async () => {
    const html = await renderPage({
      url: '/story/el-mercado',
      data: { session: { user: null }, 'story:el-mercado': { story: storyFixture } },
    });
    expect(html).toMatch(/<h1[^>]*>El mercado<\/h1>/);
    expect(text(html)).toContain('La llegada');
    expect(text(html)).toContain('Start Listening');
  });

  it('renders a static page without any data', async () => {
    const html = await renderPage({ url: '/faq', data: {} });
    expect(text(html)).toContain('Frequently Asked Questions');
  });

  it('renders the not-found page for an address no route shows', async () => {
    const html = await renderPage({ url: '/no-such-page', data: data(null) });
    expect(text(html)).toContain('Page Not Found');
  });

  describe('the player (decision 037)', () => {
    const chapter = storyFixture.chapters[0]!;
    const { chapters: _chapters, ...summary } = storyFixture;
    const transcript = {
      segments: [
        {
          id: 's1',
          start: 0,
          end: 2,
          text: 'Hola, Lucía.',
          words: [
            { id: 's1w1', text: 'Hola,', start: 0, end: 0.8 },
            { id: 's1w2', text: 'Lucía.', start: 0.9, end: 2 },
          ],
        },
      ],
    };
    const playerData = (story: typeof summary, user: typeof userFixture | null, words = true) => ({
      session: { user },
      [`chapter:${chapter.id}`]: { chapter: { ...chapter, story } },
      [`story-id:${storyFixture.id}`]: { story: { ...storyFixture, ...story } },
      ...(words ? { [`transcript:${chapter.id}`]: transcript } : {}),
    });

    it('renders the chapter with its transcript words and the audio element', async () => {
      const html = await renderPage({
        url: `/player/${chapter.id}`,
        data: playerData(summary, null),
      });
      expect(html).toMatch(/<h1[^>]*>La llegada<\/h1>/);
      expect(text(html)).toContain('El mercado');
      expect(html).toMatch(/<span[^>]*data-w="0"[^>]*>Hola,<\/span>/);
      expect(html).toMatch(/<span[^>]*data-w="1"[^>]*>Lucía\.<\/span>/);
      expect(html).toContain('<audio');
      // The series navigator from the inlined story: no shift when it would arrive later.
      expect(text(html)).toContain('1 of 2');
      expect(text(html)).not.toContain('Loading audio and transcript...');
      expect(html).not.toContain('<script');
    });

    it('renders the sign-in prompt for a visitor on a chapter that needs an account', async () => {
      const html = await renderPage({
        url: `/player/${chapter.id}`,
        data: playerData({ ...summary, requiresLogin: true }, null, false),
      });
      expect(html).toMatch(/<h1[^>]*>La llegada<\/h1>/);
      expect(text(html)).toContain('Sign in to listen');
      expect(text(html)).toContain('Beginner');
      expect(html).toContain(`href="/auth?next=%2Fplayer%2F${chapter.id}"`);
      expect(html).not.toContain('data-w=');
    });

    it('renders the player for a signed-in learner on a chapter that needs an account', async () => {
      const html = await renderPage({
        url: `/player/${chapter.id}`,
        data: playerData({ ...summary, requiresLogin: true }, userFixture),
      });
      expect(text(html)).not.toContain('Sign in to listen');
      expect(html).toMatch(/<span[^>]*data-w="0"[^>]*>Hola,<\/span>/);
    });
  });
});
