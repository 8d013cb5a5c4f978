// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Placement, PlacementAnswersBody, PlacementTest } from '#shared/contracts/placement';
import { installFakeMedia } from '#client/test/fake-media';
import {
  json,
  renderApp,
  sessionOf,
  storyFixture,
  stubApi,
  userFixture,
} from '#client/test/render-app';

/*
 * Placement (issue 25, decision 071): a new learner finds their level by keyboard alone, and the
 * result shows the first recommendations; skipping sends nothing.
 */

const chapterId = storyFixture.chapters[0]!.id;
const test: PlacementTest = {
  cloze: [
    {
      id: `${chapterId}:cloze:s1:s1w2`,
      chapterId,
      segmentId: 's1',
      clip: { startSeconds: 1, endSeconds: 3 },
      parts: [{ text: 'La ' }, { blank: 0 }, { text: ' es grande.' }],
      blanks: [{ wordId: 's1w2', options: ['casa', 'mesa', 'calle', 'plaza'] }],
    },
    {
      id: `${chapterId}:cloze:s2:s2w1,s2w4`,
      chapterId,
      segmentId: 's2',
      clip: { startSeconds: 4, endSeconds: 7 },
      parts: [{ blank: 0 }, { text: ' come mucho ' }, { blank: 1 }, { text: '.' }],
      blanks: [
        { wordId: 's2w1', options: ['Juan', 'Eva', 'Luz', 'Sol'] },
        { wordId: 's2w4', options: ['pan', 'sal', 'té', 'mar'] },
      ],
    },
  ],
  words: ['casa', 'brenar', 'comer'],
};
const placement: Placement = {
  level: 'Intermediate',
  knownWordsEstimate: 420,
  siteWords: 690,
  levels: [{ level: 'Beginner', right: 2, asked: 3 }],
  takenAt: '2026-11-29T10:00:00.000Z',
};

let media: ReturnType<typeof installFakeMedia>;
let sent: PlacementAnswersBody[];

function stub(previous: Placement | null = null) {
  let taken = previous;
  return stubApi({
    'GET /api/auth/session': sessionOf(userFixture),
    'GET /api/me/placement': () => json(200, { placement: taken }),
    'GET /api/me/placement/test': () => json(200, test),
    'POST /api/me/placement': (init) => {
      sent.push(JSON.parse(init!.body as string) as PlacementAnswersBody);
      taken = placement;
      return json(200, { placement });
    },
    'GET /api/stories': () => json(200, { stories: [storyFixture] }),
    'GET /api/me/story-knowledge': () =>
      json(200, {
        stories: [
          {
            storyId: storyFixture.id,
            knownPercentage: 80,
            newWordsCount: 60,
            coveragePercentage: taken ? 94 : 5,
          },
        ],
      }),
  });
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  media = installFakeMedia({ duration: 60 });
  sent = [];
});
afterEach(() => {
  cleanup();
  media.uninstall();
  vi.unstubAllGlobals();
});

describe('placement', () => {
  it('a new learner takes it by keyboard alone and gets recommendations', async () => {
    stub();
    const user = userEvent.setup();
    renderApp('/placement?next=%2Fhelp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Your Level' })).toBeVisible();
    expect(
      await screen.findByText('You can skip it and take it later from your profile.'),
    ).toBeVisible();

    // Start, from the keyboard.
    await user.tab();
    while (document.activeElement !== screen.getByRole('button', { name: 'Start' })) {
      await user.tab();
    }
    await user.keyboard('{Enter}');
    const part1 = await screen.findByRole('heading', {
      name: 'Part 1 of 2: Listen and Choose the Missing Word',
    });
    await waitFor(() => expect(part1).toHaveFocus());
    // The first sentence plays from its chapter's audio, from its clip's start.
    await waitFor(() => expect(media.play).toHaveBeenCalled());
    const audio = media.play.mock.contexts.at(-1) as HTMLAudioElement;
    expect(audio.src).toContain(`/api/chapters/${chapterId}/audio`);
    expect(audio.currentTime).toBe(1);
    expect(screen.getByText('Sentence 1 of 2')).toBeVisible();

    // The first gap: Tab into its choices (past Play the Sentence), arrows choose.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Play the Sentence' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'casa' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'casa' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    const plays = media.play.mock.calls.length;
    await user.keyboard('{Enter}');
    // The press that moves on plays the next sentence; its heading takes the focus.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Sentence 2 of 2' })).toHaveFocus(),
    );
    expect(media.play.mock.calls.length).toBeGreaterThan(plays);

    // Two gaps: "I don't know" for the first, "pan" for the second.
    const first = screen.getByRole('group', { name: 'Missing word 1' });
    const second = screen.getByRole('group', { name: 'Missing word 2' });
    await user.click(within(first).getByRole('radio', { name: "I don't know" }));
    await user.click(within(second).getByRole('radio', { name: 'pan' }));
    await user.click(screen.getByRole('button', { name: 'On to the Words' }));

    const part2 = await screen.findByRole('heading', {
      name: 'Part 2 of 2: Which of These Words Do You Know?',
    });
    await waitFor(() => expect(part2).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'casa' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'comer' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'See My Results' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const result = await screen.findByRole('heading', { name: 'Your Level: Intermediate' });
    await waitFor(() => expect(result).toHaveFocus());
    expect(sent).toEqual([
      {
        cloze: [
          { chapterId, segmentId: 's1', wordId: 's1w2', choice: 'casa' },
          { chapterId, segmentId: 's2', wordId: 's2w1', choice: null },
          { chapterId, segmentId: 's2', wordId: 's2w4', choice: 'pan' },
        ],
        words: [
          { word: 'casa', known: true },
          { word: 'brenar', known: false },
          { word: 'comer', known: true },
        ],
      },
    ]);
    expect(screen.getByText('Start with Intermediate stories.')).toBeVisible();
    expect(
      screen.getByText(/We now count 420 of the 690 common words our stories use as known to you/),
    ).toBeVisible();
    // The stories' shares are read again: the placement's words now count.
    const row = await screen.findByRole('region', { name: 'Recommended for You' });
    expect(within(row).getByRole('link', { name: 'El mercado' })).toHaveAttribute(
      'href',
      '/story/el-mercado',
    );
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('link', { name: 'Go to the Library' })).toHaveAttribute(
      'href',
      '/library?sort=fit',
    );
  });

  it('Skip for Now sends nothing and goes where the learner was going', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    renderApp('/placement?next=%2Fhelp');
    await user.click(await screen.findByRole('link', { name: 'Skip for Now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/placement/test'))).toBe(
      false,
    );
    expect(sent).toEqual([]);
  });

  it('says when a placement was taken before, that a retake replaces it', async () => {
    stub(placement);
    renderApp('/placement?next=%2Fprofile');
    expect(
      await screen.findByText(/started you at Intermediate\. Taking it again replaces it\./),
    ).toBeVisible();
  });

  it('offers to try again when the test cannot be prepared', async () => {
    let fail = true;
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/me/placement': () => json(200, { placement: null }),
      'GET /api/me/placement/test': () =>
        fail
          ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } })
          : json(200, test),
    });
    const user = userEvent.setup();
    renderApp('/placement');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(
      await screen.findByText(
        'Could not prepare the placement. Check your connection and try again.',
      ),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Sentence 1 of 2')).toBeVisible();
  });

  it("says the server's own words when it asks the learner to wait (429)", async () => {
    const wait = 'Too many placement tests at once. Please try again in a few minutes.';
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/me/placement': () => json(200, { placement: null }),
      'GET /api/me/placement/test': () =>
        json(429, { error: { code: 'RATE_LIMITED', message: wait } }),
    });
    const user = userEvent.setup();
    renderApp('/placement');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText(wait)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  it('sends a visitor to sign in first, back here afterwards', async () => {
    stubApi({ 'GET /api/auth/session': sessionOf(null) });
    renderApp('/placement?next=%2Flibrary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/onboarding?next=${encodeURIComponent('/placement?next=%2Flibrary')}`,
    );
  });
});
