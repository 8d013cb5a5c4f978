// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteDescription } from '#shared/discover/story-meta';
import { siteIdentity } from '#shared/site-identity';
import { PREVIEW_BANNER_TEXT } from '#client/components/story/preview-banner';
import {
  adminFixture,
  json,
  renderApp,
  sessionOf,
  storyFixture,
  stubApi,
  userFixture,
} from '#client/test/render-app';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const story = { ...storyFixture, imageUrl: '/api/files/series-images/el-mercado.jpg' };
const [c1, c2] = story.chapters;
const bySlug = (body: unknown) => ({
  'GET /api/stories/by-slug/el-mercado': () => json(200, { story: body }),
  'GET /api/stories': () => json(200, { stories: [] }),
});
const head = (selector: string) => document.head.querySelector(selector);

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('story page', () => {
  it('shows the cover, badges, title, length, description and chapters', async () => {
    stubApi(bySlug(story));
    const { container } = renderApp('/story/el-mercado');
    const article = (await screen.findByRole('heading', { level: 1, name: 'El mercado' })).closest(
      'article',
    )!;
    expect(within(article).getByText('Spanish')).toBeInTheDocument();
    expect(within(article).getByText('Beginner')).toBeInTheDocument();
    expect(within(article).getByText('40 new words')).toBeInTheDocument();
    expect(within(article).getByText('63 min')).toBeInTheDocument();
    expect(within(article).getByText(story.description)).toBeInTheDocument();

    const cover = container.querySelector('main img')!;
    expect(cover).toHaveAttribute(
      'src',
      '/api/images/series-images/el-mercado.jpg?w=560&h=420&q=80',
    );
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).toHaveAttribute('width', '560');
    expect(cover).toHaveAttribute('height', '420');
    expect(within(article).queryByText('Login Required')).not.toBeInTheDocument();

    const chapters = within(article).getByRole('region', { name: 'Chapters' });
    const items = within(chapters).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('La llegada');
    expect(items[0]).toHaveTextContent('1:15');
    expect(items[1]).toHaveTextContent('1h 2m');
    expect(within(article).getByRole('link', { name: 'Start Listening' })).toHaveAttribute(
      'href',
      `/player/${c1!.id}`,
    );
  });

  it('has no new-words badge when the story adds none, and a placeholder without a cover', async () => {
    stubApi(bySlug({ ...story, newWordsCount: 0, imageUrl: null }));
    renderApp('/story/el-mercado');
    await screen.findByRole('heading', { level: 1, name: 'El mercado' });
    expect(screen.queryByText(/new words?$/)).not.toBeInTheDocument();
    expect(screen.getByTestId('cover-placeholder')).toBeInTheDocument();
  });

  it('sets the title, description, canonical link and social tags, and removes them on leaving', async () => {
    stubApi(bySlug(story));
    const user = userEvent.setup();
    renderApp('/story/el-mercado');
    await screen.findByRole('heading', { level: 1, name: 'El mercado' });
    const origin = window.location.origin;
    await waitFor(() => expect(document.title).toBe('El mercado — Relatos'));
    expect(head('meta[name="description"]')).toHaveAttribute('content', story.description);
    expect(head('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/story/el-mercado`);
    expect(head('meta[property="og:title"]')).toHaveAttribute('content', 'El mercado — Relatos');
    expect(head('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${origin}/story/el-mercado`,
    );
    expect(head('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${origin}/api/files/series-images/el-mercado.jpg`,
    );
    expect(head('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');

    await user.click(screen.getByRole('link', { name: 'Back to Library' }));
    await screen.findByRole('heading', { level: 1, name: 'Story Library' });
    expect(head('link[rel="canonical"]')).toBeNull();
    expect(head('meta[property="og:title"]')).toBeNull();
    expect(head('meta[name="description"]')).toHaveAttribute(
      'content',
      siteDescription(siteIdentity(undefined)),
    );
    await waitFor(() => expect(document.title).toBe('Relatos — Library'));
  });

  it('shares through the native dialog, and ignores a cancelled one', async () => {
    const share = vi.fn().mockResolvedValueOnce(undefined);
    share.mockRejectedValueOnce(new DOMException('cancelled', 'AbortError'));
    vi.stubGlobal('navigator', { ...navigator, share });
    stubApi(bySlug(story));
    const user = userEvent.setup();
    renderApp('/story/el-mercado');
    await screen.findByRole('heading', { level: 1, name: 'El mercado' });

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'El mercado',
      text: story.description,
      url: `${window.location.origin}/story/el-mercado`,
    });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledTimes(2);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share dialog', async () => {
    stubApi(bySlug(story));
    // After user-event's setup, which installs a clipboard of its own.
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderApp('/story/el-mercado');
    await screen.findByRole('heading', { level: 1, name: 'El mercado' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/story/el-mercado`);
    expect(toast.success).toHaveBeenCalledWith('Link copied!');
  });

  it('shows Login Required to a visitor and sends Start Listening to /auth, returning to the chapter', async () => {
    stubApi(bySlug({ ...story, requiresLogin: true }));
    const user = userEvent.setup();
    renderApp('/story/el-mercado');
    await screen.findByRole('heading', { level: 1, name: 'El mercado' });
    expect(screen.getByText('Login Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Listening' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent(`/player/${c1!.id}`)}`,
    );
    // The chapter with a transcript offers its exercises, behind the same sign-in.
    expect(screen.getByRole('link', { name: 'Practise: La llegada' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent(`/practice/${c1!.id}`)}`,
    );

    await user.click(screen.getByRole('link', { name: 'Start Listening' }));
    expect(toast.error).toHaveBeenCalledWith('Login required', {
      description: 'Please sign in to access this story',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows a signed-in user the story open, with their progress', async () => {
    stubApi({
      ...bySlug({ ...story, requiresLogin: true }),
      'GET /api/auth/session': sessionOf(userFixture),
      [`GET /api/progress?chapterIds=${[c1!.id, c2!.id].sort().join(',')}`]: () =>
        json(200, {
          progress: [
            {
              chapterId: c1!.id,
              progressPercentage: 30,
              completed: false,
              lastPositionSeconds: 22,
              lastAccessedAt: '2025-03-01T00:00:00.000Z',
              savedAt: '2025-03-01T00:00:00.000Z',
            },
          ],
        }),
    });
    renderApp('/story/el-mercado');
    await screen.findByRole('heading', { level: 1, name: 'El mercado' });
    expect(screen.queryByText('Login Required')).not.toBeInTheDocument();
    expect(await screen.findByText('In Progress')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue: La llegada' })).toHaveAttribute(
      'href',
      `/player/${c1!.id}`,
    );
    expect(screen.getByRole('link', { name: 'Play: El encuentro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Listening' })).toHaveAttribute(
      'href',
      `/player/${c1!.id}`,
    );
    // Exercises are made from a chapter's timed transcript: only where there is one.
    expect(screen.getByRole('link', { name: 'Practise: La llegada' })).toHaveAttribute(
      'href',
      `/practice/${c1!.id}`,
    );
    expect(screen.queryByRole('link', { name: 'Practise: El encuentro' })).toBeNull();
  });

  it('sends an unknown story to the library with Story not found', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/story/no-such-story');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story Library' }),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Story not found', {
      description: 'The story you are looking for does not exist.',
    });
  });
});

describe('story page, preview', () => {
  const draft = {
    ...story,
    status: 'draft' as const,
    publishedAt: null,
    title: 'El mercado nuevo',
  };
  const preview = {
    'GET /api/stories/by-slug/el-mercado?preview=1': () => json(200, { story: draft }),
    'GET /api/stories': () => json(200, { stories: [] }),
    [`GET /api/progress?chapterIds=${[c1!.id, c2!.id].sort().join(',')}`]: () =>
      json(200, { progress: [] }),
  };

  it("shows an administrator the story's working copy, marked, with preview links to the player", async () => {
    const fetchMock = stubApi({ ...preview, 'GET /api/auth/session': sessionOf(adminFixture) });
    renderApp('/story/el-mercado?preview=1');
    await screen.findByRole('heading', { level: 1, name: 'El mercado nuevo' });
    expect(screen.getByText(PREVIEW_BANNER_TEXT)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Start Listening' })).toHaveAttribute(
      'href',
      `/player/${c1!.id}?preview=1`,
    );
    expect(screen.getByRole('link', { name: 'Play: El encuentro' })).toHaveAttribute(
      'href',
      `/player/${c2!.id}?preview=1`,
    );
    expect(screen.queryByRole('link', { name: /^Practise/ })).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).not.toContain('/api/stories/by-slug/el-mercado');
  });

  it("ignores a learner's ?preview=1: a draft is not found for them", async () => {
    const fetchMock = stubApi({ ...preview, 'GET /api/auth/session': sessionOf(userFixture) });
    renderApp('/story/el-mercado?preview=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story Library' }),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Story not found', expect.anything());
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/stories/by-slug/el-mercado');
    expect(urls.some((url) => url.includes('preview'))).toBe(false);
    expect(screen.queryByText(PREVIEW_BANNER_TEXT)).not.toBeInTheDocument();
  });
});

describe('story page, what the learner knows of it', () => {
  it("shows a signed-in learner's share, new words, what they will hear and Fits You", async () => {
    stubApi({
      ...bySlug(story),
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/me/story-knowledge': () =>
        json(200, {
          stories: [
            { storyId: story.id, knownPercentage: 84, newWordsCount: 120, coveragePercentage: 95 },
          ],
        }),
    });
    renderApp('/story/el-mercado');
    const article = (await screen.findByRole('heading', { level: 1, name: 'El mercado' })).closest(
      'article',
    )!;
    expect(await within(article).findByText('You know 84% · 120 new words')).toBeInTheDocument();
    expect(within(article).getByText('Fits You')).toBeInTheDocument();
    expect(
      within(article).getByText(
        'Counting every word as often as it is said, you know 95% of what you will hear.',
      ),
    ).toBeInTheDocument();
    // Their own count replaces the story's general one.
    expect(within(article).queryByText('40 new words')).not.toBeInTheDocument();
  });

  it('says no Fits You outside the band, and shows the general count when the shares fail', async () => {
    let fails = false;
    stubApi({
      ...bySlug(story),
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/me/story-knowledge': () =>
        fails
          ? json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } })
          : json(200, {
              stories: [
                {
                  storyId: story.id,
                  knownPercentage: 30,
                  newWordsCount: 200,
                  coveragePercentage: 60,
                },
              ],
            }),
    });
    const first = renderApp('/story/el-mercado');
    expect(await screen.findByText('You know 30% · 200 new words')).toBeInTheDocument();
    expect(screen.queryByText('Fits You')).not.toBeInTheDocument();
    first.unmount();
    fails = true;
    renderApp('/story/el-mercado');
    expect(await screen.findByText('40 new words')).toBeInTheDocument();
    expect(screen.queryByText(/You know/)).not.toBeInTheDocument();
  });
});
