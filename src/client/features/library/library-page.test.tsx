// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
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

const [c1, c2] = storyFixture.chapters;
const faro = {
  ...storyFixture,
  id: '66666666-6666-4666-8666-666666666666',
  slug: 'el-faro',
  title: 'El faro',
  description: 'Letters from a lighthouse keeper.',
  level: 'Intermediate' as const,
  requiresLogin: true,
  imageUrl: null,
  chapters: [
    {
      ...c1!,
      id: '77777777-7777-4777-8777-777777777777',
      storyId: '66666666-6666-4666-8666-666666666666',
      title: 'La carta',
      duration: 600,
    },
  ],
};
const mercado = { ...storyFixture, imageUrl: '/api/files/series-images/el-mercado.jpg' };
const stories = [mercado, faro];

const progressRow = (chapterId: string, progressPercentage: number, completed = false) => ({
  chapterId,
  progressPercentage,
  completed,
  lastPositionSeconds: 30,
  lastAccessedAt: '2025-03-01T00:00:00.000Z',
  savedAt: '2025-03-01T00:00:00.000Z',
});

const failure = () =>
  json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });

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

const storyCard = (title: string) => screen.getByRole('article', { name: title });
const titles = () =>
  within(screen.getByRole('region', { name: 'Stories' }))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('library, visitor', () => {
  it('shows each story with its cover, level, chapter count and total duration', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories }) });
    renderApp('/library');
    const card = await screen.findByRole('article', { name: 'El mercado' });
    expect(within(card).getByText('Beginner')).toBeInTheDocument();
    expect(within(card).getByText('2 chapters')).toBeInTheDocument();
    // 75 s + 3725 s = 3800 s ≈ 63 min
    expect(within(card).getByText('63 min')).toBeInTheDocument();
    const cover = card.querySelector('img')!;
    expect(cover).toHaveAttribute(
      'src',
      '/api/images/series-images/el-mercado.jpg?w=400&h=300&q=80',
    );
    expect(cover).toHaveAttribute('width', '400');
    expect(cover).toHaveAttribute('height', '300');
    // The first cover is the page's largest image.
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).toHaveAttribute('loading', 'eager');
    // No cover: the placeholder.
    expect(within(storyCard('El faro')).getByTestId('cover-placeholder')).toBeInTheDocument();
  });

  it('replaces a cover that fails to load with a placeholder', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [mercado] }) });
    renderApp('/library');
    const card = await screen.findByRole('article', { name: 'El mercado' });
    card.querySelector('img')!.dispatchEvent(new Event('error'));
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(within(card).getByTestId('cover-placeholder')).toBeInTheDocument();
  });

  it('searches title, language, level and description, ignoring case', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories }) });
    const user = userEvent.setup();
    renderApp('/library');
    await screen.findByRole('article', { name: 'El mercado' });
    const search = screen.getByRole('searchbox', { name: 'Search stories' });

    await user.type(search, 'LIGHTHOUSE');
    expect(titles()).toEqual(['El faro']);
    expect(screen.getByText('1 of 2 stories')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'beginner');
    expect(titles()).toEqual(['El mercado']);

    await user.clear(search);
    await user.type(search, 'spanish');
    expect(titles()).toEqual(['El mercado', 'El faro']);

    await user.clear(search);
    await user.type(search, 'submarino');
    expect(titles()).toEqual(['No Stories Found']);
    expect(screen.getByText('Try adjusting your search terms')).toBeInTheDocument();
  });

  it('filters by level', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories }) });
    const user = userEvent.setup();
    renderApp('/library');
    await screen.findByRole('article', { name: 'El mercado' });
    const level = screen.getByRole('combobox', { name: 'Level' });
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Levels', 'Beginner', 'Intermediate', 'Advanced']);

    await user.selectOptions(level, 'intermediate');
    expect(titles()).toEqual(['El faro']);
    await user.selectOptions(level, 'advanced');
    expect(titles()).toEqual(['No Stories Found']);
    await user.selectOptions(level, 'all');
    expect(titles()).toEqual(['El mercado', 'El faro']);
  });

  it('reads the search and level from the address', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories }) });
    renderApp('/library?q=FARO&level=intermediate');
    await screen.findByRole('article', { name: 'El faro' });
    expect(titles()).toEqual(['El faro']);
    expect(screen.getByRole('searchbox', { name: 'Search stories' })).toHaveValue('FARO');
  });

  it('toggles the filters panel (on small screens)', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories }) });
    const user = userEvent.setup();
    renderApp('/library');
    await screen.findByRole('article', { name: 'El mercado' });
    const toggle = screen.getByRole('button', { name: 'Show Filters' });
    const panel = screen.getByRole('search', { name: 'Search the library' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveClass('hidden');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide Filters');
    expect(panel).not.toHaveClass('hidden');
  });

  it('expands one story at a time, and the same button collapses it', async () => {
    const second = {
      ...storyFixture,
      id: '88888888-8888-4888-8888-888888888888',
      slug: 'la-playa',
      title: 'La playa',
    };
    stubApi({ 'GET /api/stories': () => json(200, { stories: [mercado, second] }) });
    const user = userEvent.setup();
    renderApp('/library');
    const first = await screen.findByRole('article', { name: 'El mercado' });
    const other = storyCard('La playa');
    const openFirst = within(first).getByRole('button', { name: 'Show Chapters: El mercado' });
    expect(within(first).queryByRole('list')).not.toBeInTheDocument();

    await user.click(openFirst);
    expect(openFirst).toHaveAttribute('aria-expanded', 'true');
    const items = within(first).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('La llegada');
    expect(items[0]).toHaveTextContent('1:15');
    expect(items[1]).toHaveTextContent('1h 2m');
    expect(within(items[0]!).getByRole('link', { name: 'Play: La llegada' })).toHaveAttribute(
      'href',
      `/player/${c1!.id}`,
    );

    await user.click(within(other).getByRole('button', { name: 'Show Chapters: La playa' }));
    expect(within(first).queryByRole('list')).not.toBeInTheDocument();
    expect(within(other).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(other).getByRole('button', { name: 'Hide Chapters: La playa' }));
    expect(within(other).queryByRole('list')).not.toBeInTheDocument();
  });

  it('locks stories that need an account, with Login to View', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories }) });
    renderApp('/library');
    const locked = await screen.findByRole('article', { name: 'El faro' });
    expect(within(locked).getAllByText('Login Required').length).toBeGreaterThan(0);
    // Signing in returns to the story's first chapter (issue 14).
    expect(within(locked).getByRole('link', { name: 'Login to View: El faro' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fplayer%2F77777777-7777-4777-8777-777777777777',
    );
    expect(within(locked).queryByRole('button', { name: /Show Chapters/ })).not.toBeInTheDocument();
    expect(
      within(storyCard('El mercado')).queryByRole('link', { name: /Login to View/ }),
    ).not.toBeInTheDocument();
  });

  it('shows no progress or vocabulary to a visitor, and asks for neither', async () => {
    const fetchMock = stubApi({ 'GET /api/stories': () => json(200, { stories }) });
    renderApp('/library');
    await screen.findByRole('article', { name: 'El mercado' });
    expect(screen.queryByText('Your Vocabulary')).not.toBeInTheDocument();
    expect(screen.queryByText('Not Started')).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.some((url) => url.startsWith('/api/progress') || url === '/api/vocabulary')).toBe(
      false,
    );
  });

  it('says when there are no stories at all', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/library');
    expect(await screen.findByRole('heading', { name: 'No Stories Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'No content available yet. The developer needs to add stories and chapters.',
      ),
    ).toBeInTheDocument();
  });

  it('toasts a failed load and loads again on Try Again', async () => {
    let calls = 0;
    stubApi({
      'GET /api/stories': () => {
        calls += 1;
        return calls === 1 ? failure() : json(200, { stories });
      },
    });
    const user = userEvent.setup();
    renderApp('/library');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading content')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Error loading content', {
      id: 'Error loading content',
      description: 'Could not load stories and chapters.',
    });
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'El mercado' })).toBeInTheDocument();
  });
});

describe('library, signed in', () => {
  const signedIn = (routes: Parameters<typeof stubApi>[0]) =>
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories }),
      'GET /api/vocabulary': () =>
        json(200, {
          vocabulary: { totalWordsLearned: 1234, storiesCompleted: 2, averageWordsPerStory: 617 },
        }),
      ...routes,
    });
  const progressUrl = `/api/progress?chapterIds=${[c1!.id, c2!.id, faro.chapters[0]!.id].sort().join(',')}`;

  it('labels story progress and chapter buttons from the progress of every chapter', async () => {
    const fetchMock = signedIn({
      [`GET ${progressUrl}`]: () =>
        json(200, {
          progress: [
            progressRow(c1!.id, 100, true),
            progressRow(c2!.id, 50),
            progressRow(faro.chapters[0]!.id, 100, true),
          ],
        }),
    });
    const user = userEvent.setup();
    renderApp('/library');
    const mercadoCard = await screen.findByRole('article', { name: 'El mercado' });
    expect(await within(mercadoCard).findByText('In Progress')).toBeInTheDocument();
    expect(within(mercadoCard).getByText('75%')).toBeInTheDocument();
    expect(within(mercadoCard).getByText('1/2 chapters completed')).toBeInTheDocument();
    const faroCard = storyCard('El faro');
    expect(within(faroCard).getByText('Complete')).toBeInTheDocument();
    expect(within(faroCard).getByText('1/1 chapters completed')).toBeInTheDocument();
    // Signed in, a story that needs an account is open.
    expect(within(faroCard).queryByRole('link', { name: /Login to View/ })).not.toBeInTheDocument();

    await user.click(
      within(mercadoCard).getByRole('button', { name: 'Show Chapters: El mercado' }),
    );
    expect(
      within(mercadoCard).getByRole('link', { name: 'Replay: La llegada' }),
    ).toBeInTheDocument();
    expect(
      within(mercadoCard).getByRole('link', { name: 'Continue: El encuentro' }),
    ).toBeInTheDocument();
    expect(within(mercadoCard).getByText('Completed')).toBeInTheDocument();
    expect(within(mercadoCard).getByText('50% listened')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === progressUrl)).toBe(true);
  });

  it('says Not Started and Play without progress', async () => {
    signedIn({ [`GET ${progressUrl}`]: () => json(200, { progress: [] }) });
    const user = userEvent.setup();
    renderApp('/library');
    const card = await screen.findByRole('article', { name: 'El mercado' });
    expect(await within(card).findByText('Not Started')).toBeInTheDocument();
    expect(within(card).getByText('0/2 chapters completed')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show Chapters: El mercado' }));
    expect(within(card).getByRole('link', { name: 'Play: La llegada' })).toBeInTheDocument();
  });

  it('shows the vocabulary card', async () => {
    signedIn({ [`GET ${progressUrl}`]: () => json(200, { progress: [] }) });
    renderApp('/library');
    const card = (await screen.findByRole('heading', { name: 'Your Vocabulary' })).parentElement!;
    await within(card).findByText('1,234');
    expect(within(card).getByText('Words Learned').nextSibling).toHaveTextContent('1,234');
    expect(within(card).getByText('Stories Completed').nextSibling).toHaveTextContent('2');
    expect(within(card).getByText('Avg. Words per Story').nextSibling).toHaveTextContent('617');
  });

  it('hides the vocabulary card on error and toasts a failed progress load', async () => {
    signedIn({
      'GET /api/vocabulary': failure,
      [`GET ${progressUrl}`]: failure,
    });
    renderApp('/library');
    await screen.findByRole('article', { name: 'El mercado' });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to load progress', {
        id: 'Failed to load progress',
        description: 'Could not load your progress data.',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Your Vocabulary')).not.toBeInTheDocument());
    expect(screen.queryByText('Not Started')).not.toBeInTheDocument();
  });
});
