// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubApi, storyFixture } from '#client/test/render-app';

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('home page', () => {
  it('has the hero calls to action', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(
      screen.getByRole('link', { name: 'Start Your Spanish Story Journey Now!' }),
    ).toHaveAttribute('href', '/library');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/help');
  });

  it('lists stories from the API with a way into the first chapter', async () => {
    const fetchMock = stubApi({ 'GET /api/stories': () => json(200, { stories: [storyFixture] }) });
    renderApp('/');
    const card = (await screen.findByRole('heading', { level: 3, name: 'El mercado' })).closest(
      'article',
    )!;
    expect(within(card).getByText('Beginner')).toBeInTheDocument();
    expect(within(card).getByText('2 chapters')).toBeInTheDocument();
    // 75 s + 3725 s = 3800 s ≈ 63 min
    expect(within(card).getByText('63 min')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Start Listening: El mercado' })).toHaveAttribute(
      'href',
      `/player/${storyFixture.chapters[0]!.id}`,
    );
    expect(within(card).getByRole('link', { name: 'Story Details: El mercado' })).toHaveAttribute(
      'href',
      '/story/el-mercado',
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/stories')!;
    expect(init?.credentials).toBe('same-origin');
  });

  it('shows the empty state when there are no stories', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No Stories Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'No content available yet. The developer needs to add stories and chapters.',
      ),
    ).toBeInTheDocument();
  });
});

describe('library page', () => {
  it('lists each story with its cover, level, description and chapters with durations', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [storyFixture] }) });
    const { container } = renderApp('/library');

    const story = (await screen.findByRole('heading', { level: 2, name: 'El mercado' })).closest(
      'article',
    )!;
    expect(within(story).getByText('Beginner')).toBeInTheDocument();
    expect(within(story).getByText(storyFixture.description)).toBeInTheDocument();

    const cover = container.querySelector('img')!;
    expect(cover).toHaveAttribute('src', storyFixture.imageUrl);
    expect(cover).toHaveAttribute('width', '800');
    expect(cover).toHaveAttribute('height', '600');

    const items = within(story).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('La llegada')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('1:15');
    expect(items[1]).toHaveTextContent('1h 2m');
    expect(within(items[0]!).getByRole('link', { name: 'Listen: La llegada' })).toHaveAttribute(
      'href',
      `/player/${storyFixture.chapters[0]!.id}`,
    );
    expect(within(items[1]!).getByRole('link', { name: 'Listen: El encuentro' })).toHaveAttribute(
      'href',
      `/player/${storyFixture.chapters[1]!.id}`,
    );
  });

  it('replaces a cover that fails to load with a placeholder', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [storyFixture] }) });
    const { container } = renderApp('/library');
    await screen.findByRole('heading', { level: 2, name: 'El mercado' });

    fireEvent.error(container.querySelector('img')!);

    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('cover-placeholder')).toBeInTheDocument();
  });

  it('marks stories that need an account', async () => {
    stubApi({
      'GET /api/stories': () => json(200, { stories: [{ ...storyFixture, requiresLogin: true }] }),
    });
    renderApp('/library');
    await screen.findByRole('heading', { level: 2, name: 'El mercado' });
    expect(screen.getByText('Login Required')).toBeInTheDocument();
  });

  it('reports a failed load and loads again on Try Again', async () => {
    let calls = 0;
    stubApi({
      'GET /api/stories': () => {
        calls += 1;
        return calls === 1
          ? json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } })
          : json(200, { stories: [storyFixture] });
      },
    });
    const user = userEvent.setup();
    renderApp('/library');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading content')).toBeInTheDocument();
    expect(within(alert).getByText('Could not load stories and chapters.')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'El mercado' }),
    ).toBeInTheDocument();
  });
});
