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

const chapter = (position: number, duration = 60) => ({
  ...storyFixture.chapters[0]!,
  id: `22222222-2222-4222-8222-${String(position).padStart(12, '0')}`,
  title: `Capítulo ${position}`,
  position,
  duration,
});

/** A story with 7 chapters, listed out of order on purpose. */
const longStory = {
  ...storyFixture,
  imageUrl: '/api/files/series-images/el-mercado.jpg',
  chapters: [chapter(3), chapter(1), chapter(2), chapter(4), chapter(5), chapter(6), chapter(7)],
};

const recent = (position: number, progressPercentage: number, completed = false) => ({
  ...chapter(position),
  story: { ...storyFixture, chapters: undefined },
  progressPercentage,
  lastPositionSeconds: 10,
  lastAccessedAt: '2025-03-01T00:00:00.000Z',
  completed,
});

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

  it('features the first story with Start Listening, View Story Page and View All Stories', async () => {
    const second = { ...storyFixture, id: '99999999-9999-4999-8999-999999999999', title: 'Otro' };
    stubApi({ 'GET /api/stories': () => json(200, { stories: [longStory, second] }) });
    renderApp('/');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Featured Story' })
    ).closest('section')!;
    const card = await within(section).findByRole('article', { name: 'El mercado' });
    expect(within(section).queryByText('Otro')).not.toBeInTheDocument();
    expect(within(card).getByText('7 chapters')).toBeInTheDocument();
    expect(within(card).getByText('7 min')).toBeInTheDocument();
    // The first chapter by position, not the first listed.
    expect(within(card).getByRole('link', { name: 'Start Listening' })).toHaveAttribute(
      'href',
      `/player/${chapter(1).id}`,
    );
    expect(within(card).getByRole('link', { name: 'View Story Page' })).toHaveAttribute(
      'href',
      '/story/el-mercado',
    );
    expect(within(section).getByRole('link', { name: 'View All Stories' })).toHaveAttribute(
      'href',
      '/library',
    );
  });

  it('uses the story cover for the featured image, resized, with a 2x variant', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [longStory] }) });
    const { container } = renderApp('/');
    await screen.findByRole('article', { name: 'El mercado' });
    const image = await waitFor(() => {
      const found = container.querySelector('img[src^="/api/images/series-images/"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(image).toHaveAttribute(
      'src',
      '/api/images/series-images/el-mercado.jpg?w=560&h=420&q=80',
    );
    expect(image.getAttribute('srcset')).toContain('?w=1120&h=840&q=80 2x');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '560');
    expect(image).toHaveAttribute('height', '420');
  });

  it('prefers the featured image of the site settings and falls back when it fails', async () => {
    stubApi({
      'GET /api/stories': () => json(200, { stories: [longStory] }),
      'GET /api/site/settings': () =>
        json(200, {
          images: { featured_story_image: '/api/files/uploads/featured.png' },
          values: {},
          logo: null,
        }),
    });
    const { container } = renderApp('/');
    await screen.findByRole('article', { name: 'El mercado' });
    const featured = await waitFor(() => {
      const found = container.querySelector('img[src^="/api/images/uploads/featured.png"]');
      expect(found).not.toBeNull();
      return found!;
    });
    featured.dispatchEvent(new Event('error'));
    await waitFor(() =>
      expect(
        container.querySelector('img[src^="/api/images/series-images/el-mercado.jpg"]'),
      ).not.toBeNull(),
    );
  });

  it('opens the Story Details dialog with the first 4 chapters and how many more', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [longStory] }) });
    const user = userEvent.setup();
    renderApp('/');
    const card = await screen.findByRole('article', { name: 'El mercado' });
    await user.click(within(card).getByRole('button', { name: 'Story Details' }));

    const dialog = await screen.findByRole('dialog', { name: 'El mercado' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1. Capítulo 11:00',
      '2. Capítulo 21:00',
      '3. Capítulo 31:00',
      '4. Capítulo 41:00',
    ]);
    expect(within(dialog).getByText('...and 3 more chapters')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View Story Page' })).toHaveAttribute(
      'href',
      '/story/el-mercado',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Story Details' })).toHaveFocus();
  });

  it('sends a visitor who starts a story that needs an account to /auth, saying why', async () => {
    stubApi({
      'GET /api/stories': () => json(200, { stories: [{ ...longStory, requiresLogin: true }] }),
    });
    const user = userEvent.setup();
    renderApp('/');
    const card = await screen.findByRole('article', { name: 'El mercado' });
    await user.click(within(card).getByRole('link', { name: 'Start Listening' }));
    expect(toast.error).toHaveBeenCalledWith('Login required', {
      description: 'Please sign in to access this story',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the four feature cards', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/');
    const section = (
      await screen.findByRole('heading', { name: 'Why Learn with Relatos' })
    ).closest('section')!;
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Extensive Library',
      'Everyday Vocabulary Mastery',
      'Interactive Audio',
      'Track Progress',
    ]);
    // Shipped defaults while no image is set; every image has its size and loads lazily.
    await waitFor(() => expect(section.querySelectorAll('img')).toHaveLength(4));
    for (const image of section.querySelectorAll('img')) {
      expect(image.getAttribute('src')).toMatch(/^\/images\/feature-[a-z]+\.svg$/);
      expect(image).toHaveAttribute('width', '320');
      expect(image).toHaveAttribute('loading', 'lazy');
    }
  });
});

describe('tutorial carousel', () => {
  const visibleStep = () => {
    const carousel = screen.getByRole('region', { name: 'How It Works' });
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    const shown = slides.filter((slide) => !slide.hidden);
    expect(shown).toHaveLength(1);
    return within(shown[0]!).getByRole('heading', { level: 3 }).textContent;
  };

  it('is a labelled carousel with a polite live region', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'How It Works' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(carousel.querySelector('[aria-live="polite"]')).not.toBeNull();
    expect(visibleStep()).toBe('Browse Story Library');
  });

  it('wraps around with the arrows and jumps with the dots', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    const user = userEvent.setup();
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'How It Works' });
    const previous = within(carousel).getByRole('button', { name: 'Previous step' });
    const next = within(carousel).getByRole('button', { name: 'Next step' });

    await user.click(previous);
    expect(visibleStep()).toBe('Interactive Translation');
    await user.click(next);
    expect(visibleStep()).toBe('Browse Story Library');
    await user.click(next);
    await user.click(next);
    expect(visibleStep()).toBe('Follow Along');

    const dot = within(carousel).getByRole('button', { name: 'Step 2: Start Listening' });
    await user.click(dot);
    expect(visibleStep()).toBe('Start Listening');
    expect(dot).toHaveAttribute('aria-current', 'step');
  });

  it('moves with the arrow keys, Home and End', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    const user = userEvent.setup();
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'How It Works' });
    within(carousel).getByRole('button', { name: 'Next step' }).focus();

    await user.keyboard('{ArrowLeft}');
    expect(visibleStep()).toBe('Interactive Translation');
    await user.keyboard('{ArrowRight}');
    expect(visibleStep()).toBe('Browse Story Library');
    await user.keyboard('{End}');
    expect(visibleStep()).toBe('Interactive Translation');
    await user.keyboard('{Home}');
    expect(visibleStep()).toBe('Browse Story Library');
  });
});

describe('continue where you left off', () => {
  it('is not shown to a visitor', async () => {
    const fetchMock = stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Featured Story' });
    expect(screen.queryByText('Continue Where You Left Off')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/progress/recent')).toBe(false);
  });

  it('lists up to 3 recent chapters with their story, progress and the right button', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories: [] }),
      'GET /api/progress/recent': () =>
        json(200, {
          chapters: [recent(1, 100, true), recent(2, 42.4), recent(3, 0), recent(4, 10)],
        }),
    });
    renderApp('/');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Continue Where You Left Off' })
    ).closest('section')!;
    const cards = within(section).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('El mercado')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Replay: Capítulo 1' })).toHaveAttribute(
      'href',
      `/player/${chapter(1).id}`,
    );
    expect(within(cards[0]!).getByText('100%')).toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('link', { name: 'Continue: Capítulo 2' }),
    ).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(cards[2]!).getByRole('link', { name: 'Start: Capítulo 3' })).toBeInTheDocument();
  });

  it('opens the page, above the hero, for a returning learner (issue 14)', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories: [] }),
      'GET /api/progress/recent': () => json(200, { chapters: [recent(1, 42)] }),
    });
    renderApp('/');
    const continueHeading = await screen.findByRole('heading', {
      level: 2,
      name: 'Continue Where You Left Off',
    });
    const hero = screen.getByRole('heading', { level: 1, name: /Master Spanish/ });
    expect(
      continueHeading.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says when the recent progress fails to load and shows nothing', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories: [] }),
      'GET /api/progress/recent': () =>
        json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
    });
    renderApp('/');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to load recent progress', {
        id: 'Failed to load recent progress',
        description: undefined,
      }),
    );
    expect(screen.queryByText('Continue Where You Left Off')).not.toBeInTheDocument();
  });
});

describe('header logo', () => {
  it('shows the administrator’s logo, and the shipped one when it fails to load', async () => {
    stubApi({
      'GET /api/stories': () => json(200, { stories: [] }),
      'GET /api/site/settings': () =>
        json(200, {
          images: {},
          values: {},
          logo: { url: '/api/files/uploads/logo.png', altText: 'Acme' },
        }),
    });
    renderApp('/');
    const home = await screen.findByRole('link', { name: 'Relatos home' });
    const logo = await within(home).findByRole('img', { name: 'Acme' });
    expect(logo).toHaveAttribute('src', '/api/files/uploads/logo.png');
    logo.dispatchEvent(new Event('error'));
    await waitFor(() => expect(home.querySelector('img')).toBeNull());
    expect(home.querySelector('svg')).not.toBeNull();
  });

  it('shows the shipped logo when none is set or the settings fail', async () => {
    stubApi({ 'GET /api/stories': () => json(200, { stories: [] }) });
    renderApp('/');
    const home = await screen.findByRole('link', { name: 'Relatos home' });
    await waitFor(() => expect(home.querySelector('svg')).not.toBeNull());
    expect(home.querySelector('img')).toBeNull();
  });
});

describe('support section', () => {
  const status = {
    enabled: true,
    tiers: [{ id: 'tier_1', amount: 7, description: 'Story Support' }],
    card: { enabled: true },
    wallet: { enabled: false, url: null },
  };

  it('sits after the tutorial, before the footer', async () => {
    stubApi({
      'GET /api/stories': () => json(200, { stories: [] }),
      'GET /api/support/status': () => json(200, status),
    });
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Join to Support Us' });
    const tutorial = screen.getByRole('region', { name: 'How It Works' });
    expect(
      tutorial.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByTestId('support-slot')).toContainElement(heading);
  });

  it('waits until the visitor scrolls near it before loading', async () => {
    let observed: IntersectionObserverCallback | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const fetchMock = stubApi({
      'GET /api/stories': () => json(200, { stories: [] }),
      'GET /api/support/status': () => json(200, status),
    });
    renderApp('/');
    await screen.findByRole('region', { name: 'How It Works' });
    expect(screen.getByTestId('support-slot')).toBeEmptyDOMElement();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/support/status')).toBe(false);

    observed!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Join to Support Us' }),
    ).toBeInTheDocument();
  });
});
