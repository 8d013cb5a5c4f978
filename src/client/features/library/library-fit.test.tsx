// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoryKnowledge } from '#shared/contracts/progress';
import type { StoryLevel } from '#shared/contracts/stories';
import {
  json,
  renderApp,
  sessionOf,
  storyFixture,
  stubApi,
  userFixture,
} from '#client/test/render-app';

/*
 * Stories that fit the learner in the library (issue 25, decision 071): each card's share of
 * known words, sorting and filtering by fit, and "Recommended for You".
 */

vi.mock('#client/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), message: vi.fn() },
  useToasterRequested: () => false,
}));

const storyLike = (id: string, slug: string, title: string, level: StoryLevel) => ({
  ...storyFixture,
  id,
  slug,
  title,
  level,
  imageUrl: null,
  chapters: storyFixture.chapters.map((chapter, index) => ({
    ...chapter,
    id: `${id.slice(0, -1)}${index + 1}`,
    storyId: id,
  })),
});
const mercado = { ...storyFixture, imageUrl: null };
const faro = storyLike(
  '66666666-6666-4666-8666-666666666660',
  'el-faro',
  'El faro',
  'Intermediate',
);
const olivos = storyLike(
  '88888888-8888-4888-8888-888888888880',
  'los-olivos',
  'Los olivos',
  'Advanced',
);
const stories = [faro, mercado, olivos];

const share = (
  storyId: string,
  knownPercentage: number,
  newWordsCount: number,
  coveragePercentage: number,
): StoryKnowledge => ({ storyId, knownPercentage, newWordsCount, coveragePercentage });
/** The mercado fits (95 % of what is said known), el faro is a stretch, los olivos too easy. */
const fitting = [
  share(faro.id, 60, 300, 80),
  share(mercado.id, 84, 120, 95),
  share(olivos.id, 99, 1, 100),
];

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signedIn(knowledge: StoryKnowledge[], placement: unknown = null) {
  return stubApi({
    'GET /api/auth/session': sessionOf(userFixture),
    'GET /api/stories': () => json(200, { stories }),
    'GET /api/me/story-knowledge': () => json(200, { stories: knowledge }),
    'GET /api/me/placement': () => json(200, { placement }),
  });
}

/** Waits for the shares on the mercado's card. */
const sharesShown = async () =>
  within(await screen.findByRole('article', { name: 'El mercado' })).findByText(
    'You know 84% · 120 new words',
  );

const storyList = () => screen.getByRole('region', { name: 'Stories' });
const titles = () =>
  within(storyList())
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('library, shares of known words', () => {
  it("shows each story's share and new words, and Fits You on the stories that fit", async () => {
    signedIn(fitting);
    renderApp('/library');
    const card = await screen.findByRole('article', { name: 'El mercado' });
    expect(await within(card).findByText('You know 84% · 120 new words')).toBeInTheDocument();
    expect(within(card).getByText('Fits You')).toBeInTheDocument();
    const faroCard = screen.getByRole('article', { name: 'El faro' });
    expect(within(faroCard).getByText('You know 60% · 300 new words')).toBeInTheDocument();
    expect(within(faroCard).queryByText('Fits You')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Los olivos' })).getByText(
        'You know 99% · 1 new word',
      ),
    ).toBeInTheDocument();
  });

  it('shows a visitor nothing of it and asks nothing', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(null),
      'GET /api/stories': () => json(200, { stories }),
    });
    renderApp('/library');
    await screen.findByRole('article', { name: 'El mercado' });
    expect(screen.queryByText(/You know/)).not.toBeInTheDocument();
    expect(screen.queryByText('Fits You')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Fits me' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recommended for You' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('story-knowledge'))).toBe(
      false,
    );
  });

  it('sorts best fit first and filters to the stories that fit, by keyboard', async () => {
    signedIn(fitting);
    const user = userEvent.setup();
    renderApp('/library');
    await sharesShown();
    expect(titles()).toEqual(['El faro', 'El mercado', 'Los olivos']);

    const sort = screen.getByRole('combobox', { name: 'Sort' });
    await user.selectOptions(sort, 'Best Fit First');
    // In the band first, then by distance from it: 100 % is 2 points above, 80 % 10 below.
    expect(titles()).toEqual(['El mercado', 'Los olivos', 'El faro']);

    const fits = screen.getByRole('checkbox', { name: 'Fits me' });
    fits.focus();
    await user.keyboard(' ');
    expect(fits).toBeChecked();
    expect(titles()).toEqual(['El mercado']);
    expect(screen.getByText('1 of 3 stories')).toBeInTheDocument();
  });

  it('opens with the sort and filter of the address', async () => {
    signedIn(fitting);
    renderApp('/library?sort=fit&fits=1');
    await sharesShown();
    expect(titles()).toEqual(['El mercado']);
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('fit');
  });
});

describe('library, when Fits me leaves nothing', () => {
  it('says that none of the matching stories fits, and Show All Stories turns the filter off', async () => {
    signedIn(fitting.map((entry) => ({ ...entry, coveragePercentage: 70 })));
    const user = userEvent.setup();
    renderApp('/library?fits=1');
    const list = await screen.findByRole('region', { name: 'Stories' });
    expect(
      await within(list).findByRole('heading', { name: 'No Story Here Fits You Yet' }),
    ).toBeInTheDocument();
    expect(within(list).queryByText('No Stories Found')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Show All Stories' }));
    expect(screen.getByRole('checkbox', { name: 'Fits me' })).not.toBeChecked();
    expect(titles()).toEqual(['El faro', 'El mercado', 'Los olivos']);
  });

  it('keeps the usual empty state when the search itself finds nothing', async () => {
    signedIn(fitting);
    renderApp('/library?fits=1&q=zzzz');
    const list = await screen.findByRole('region', { name: 'Stories' });
    expect(await within(list).findByText('No Stories Found')).toBeInTheDocument();
  });
});

describe('library, Recommended for You', () => {
  it('recommends the stories that fit, best fit first, each linking to its page', async () => {
    signedIn([
      share(faro.id, 80, 40, 91),
      share(mercado.id, 84, 120, 95),
      share(olivos.id, 99, 1, 100),
    ]);
    renderApp('/library');
    const row = await screen.findByRole('region', { name: 'Recommended for You' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['El mercado', 'El faro']);
    expect(links[0]).toHaveAttribute('href', '/story/el-mercado');
    expect(within(row).getByText('You know 80% · 40 new words')).toBeInTheDocument();
  });

  it('invites a learner without placement to find their level when nothing fits', async () => {
    signedIn(fitting.map((entry) => ({ ...entry, coveragePercentage: 5 })));
    renderApp('/library');
    expect(
      await screen.findByRole('heading', { name: 'Find Stories at Your Level' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find My Level' })).toHaveAttribute(
      'href',
      '/placement?next=%2Flibrary',
    );
    expect(screen.queryByRole('region', { name: 'Recommended for You' })).not.toBeInTheDocument();
  });

  it('points a placed learner to the closest stories when nothing fits', async () => {
    signedIn(
      fitting.map((entry) => ({ ...entry, coveragePercentage: 70 })),
      {
        level: 'Beginner',
        knownWordsEstimate: 120,
        siteWords: 690,
        levels: [],
        takenAt: '2026-01-01T00:00:00.000Z',
      },
    );
    renderApp('/library');
    expect(
      await screen.findByRole('heading', { name: 'No Story Fits You Yet' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Find My Level' })).not.toBeInTheDocument();
  });

  it('shows the last shares kept when they cannot be read again', async () => {
    let online = true;
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories }),
      'GET /api/me/story-knowledge': () =>
        online
          ? json(200, { stories: fitting })
          : json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Offline' } }),
      'GET /api/me/placement': () => json(200, { placement: null }),
    });
    const { queryClient } = renderApp('/library');
    await sharesShown();
    online = false;
    await queryClient.refetchQueries({ queryKey: ['me', 'story-knowledge'] });
    await waitFor(() =>
      expect(queryClient.getQueryState(['me', 'story-knowledge'])?.status).toBe('error'),
    );
    expect(
      within(screen.getByRole('article', { name: 'El mercado' })).getByText(
        'You know 84% · 120 new words',
      ),
    ).toBeInTheDocument();
  });
});
