// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewAnswersBody } from '#shared/contracts/review';
import type { SavedItem } from '#shared/contracts/saved-items';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { timezoneOffsetQuery } from '#client/lib/api/review/get-review-summary';
import { installFakeMedia } from '#client/test/fake-media';
import {
  json,
  renderApp,
  sessionOf,
  storyFixture,
  stubApi,
  userFixture,
} from '#client/test/render-app';
import { savedItemFixture } from '#client/test/saved-item-fixture';

const chapterId = '22222222-2222-4222-8222-222222222222';
const item = (id: string, overrides: Partial<SavedItem>): SavedItem =>
  savedItemFixture({ id, startSeconds: 4, endSeconds: 6, ...overrides });
const cards = [
  item('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', {}),
  item('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', {
    kind: 'sentence',
    text: 'La casa es grande.',
    sentence: 'La casa es grande.',
    sentenceTranslation: 'The house is big.',
    gloss: null,
    wordId: null,
    startSeconds: 10,
    endSeconds: 12,
  }),
];
const counts = { dueCount: 0, newAvailable: 2, newLimit: 20, newIntroducedToday: 0 };

let media: ReturnType<typeof installFakeMedia>;
let sent: ReviewAnswersBody[];

beforeEach(() => {
  media = installFakeMedia({ duration: 60 });
  sent = [];
  const tz = timezoneOffsetQuery();
  stubApi({
    'GET /api/auth/session': sessionOf(userFixture),
    'GET /api/stories': () => json(200, { stories: [] }),
    [`GET /api/me/review/queue?${tz}`]: () => json(200, { cards, counts }),
    [`GET /api/me/review/summary?${tz}`]: () => json(200, { dueCount: 0, newAvailable: 2 }),
    'GET /api/me/review/settings': () => json(200, { settings: { newCardsPerDay: 20 } }),
    'GET /api/me/saved-items?limit=100': () =>
      json(200, { items: cards, nextCursor: null, total: 2 }),
    [`POST /api/me/review/answers?${tz}`]: (init) => {
      const body = JSON.parse(init!.body as string) as ReviewAnswersBody;
      sent.push(body);
      return json(200, {
        results: body.answers.map((answer) => ({
          answerId: answer.answerId,
          itemId: answer.itemId,
          outcome: 'applied',
        })),
        items: [],
        counts: { ...counts, newAvailable: 0, newIntroducedToday: 2 },
      });
    },
  });
});

afterEach(() => {
  cleanup();
  media.uninstall();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/review', () => {
  it('plays, reveals and rates each card by keyboard, then sends the answers and shows the empty state', async () => {
    const user = userEvent.setup();
    renderApp('/review');

    expect(await screen.findByRole('button', { name: 'Show answer' })).toBeInTheDocument();
    expect(screen.getByTestId('review-new-count')).toHaveTextContent('2');
    expect(screen.getByTestId('review-due-count')).toHaveTextContent('0');
    // The clip played on show, from just before the sentence's start.
    await waitFor(() => expect(media.play).toHaveBeenCalledTimes(1));
    const audio = media.play.mock.contexts[0] as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe(`/api/chapters/${chapterId}/audio`);
    expect(audio.currentTime).toBeCloseTo(3.9);
    expect(screen.queryByText('The dog runs.')).not.toBeInTheDocument();

    await user.keyboard(' ');
    expect(await screen.findByText('The dog runs.')).toBeInTheDocument();
    expect(screen.getByText('perro', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByText(/— dog/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Again/ })).toHaveTextContent('1m');
    expect(screen.getByRole('button', { name: /^Good/ })).toHaveTextContent('10m');

    await user.keyboard('r');
    expect(media.play).toHaveBeenCalledTimes(2);

    await user.keyboard('4');
    expect(await screen.findByRole('button', { name: 'Show answer' })).toBeInTheDocument();
    expect(screen.getByTestId('review-new-count')).toHaveTextContent('1');
    // The next card's clip plays from just before its sentence (from an element of the same
    // chapter that was waiting there, decision 068).
    await waitFor(() =>
      expect((media.play.mock.contexts.at(-1) as HTMLAudioElement).currentTime).toBeCloseTo(9.9),
    );

    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(await screen.findByText('The house is big.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Easy/ }));

    expect(
      await screen.findByRole('heading', { name: 'Nothing due — come back tomorrow' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Library' })).toHaveAttribute(
      'href',
      '/library',
    );
    await waitFor(() => expect(sent.flatMap((body) => body.answers)).toHaveLength(2));
    expect(
      sent.flatMap((body) => body.answers.map((answer) => [answer.itemId, answer.rating])),
    ).toEqual([
      [cards[0]!.id, 4],
      [cards[1]!.id, 4],
    ]);
    // Every answer the server took leaves the learner's store.
    await waitFor(() => expect(localStorage.getItem(syncStoreKey(userFixture.id))).toBeNull());
  });

  it('after Good (due again in 10 min) counts only what is reviewable now, header included', async () => {
    const user = userEvent.setup();
    renderApp('/review');
    expect(
      await screen.findByRole('link', { name: 'Review: Due 0 · New cards left today 2' }),
    ).toBeInTheDocument();
    expect((await screen.findByText('New cards left today')).nextSibling).toHaveTextContent('2');

    await user.click(await screen.findByRole('button', { name: 'Show answer' }));
    await user.click(await screen.findByRole('button', { name: /^Good/ }));
    expect(await screen.findByRole('button', { name: 'Show answer' })).toBeInTheDocument();
    // The rated card comes back in 10 minutes: not due now; one new card is left.
    expect(screen.getByTestId('review-due-count')).toHaveTextContent('0');
    expect(screen.getByTestId('review-new-count')).toHaveTextContent('1');
    // The header follows at once, before the answer is sent (1.5 s batches).
    expect(
      screen.getByRole('link', { name: 'Review: Due 0 · New cards left today 1' }),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('saves the daily new-card limit and starts again from the new queue', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories: [] }),
      [`GET /api/me/review/queue?${timezoneOffsetQuery()}`]: () => json(200, { cards, counts }),
      'GET /api/me/review/settings': () => json(200, { settings: { newCardsPerDay: 20 } }),
      'PUT /api/me/review/settings': (init) =>
        json(200, { settings: JSON.parse(init!.body as string) as unknown }),
    });
    renderApp('/review');
    const limit = await screen.findByRole('spinbutton', { name: 'New cards per day' });
    expect(limit).toHaveValue(20);
    const queueCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/me/review/queue')).length;
    expect(queueCalls()).toBe(1);
    // Save sits beside the field; the hint runs under both, not squeezed next to Save.
    const row = limit.parentElement!;
    expect(row).toContainElement(screen.getByRole('button', { name: 'Save' }));
    const hint = screen.getByText(/How many saved items start being reviewed each day/);
    expect(row).not.toContainElement(hint);
    expect(row.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.clear(limit);
    await user.type(limit, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(queueCalls()).toBe(2));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put![1]!.body as string)).toEqual({ newCardsPerDay: 5 });
  });

  it('offers a daily practice from the chapter listened to last, before the due cards', async () => {
    const tz = timezoneOffsetQuery();
    const recent = (id: string, title: string, completed: boolean, hasTranscript = true) => ({
      ...storyFixture.chapters[0]!,
      id,
      title,
      hasTranscript,
      story: { ...storyFixture, chapters: undefined },
      progressPercentage: completed ? 100 : 40,
      lastPositionSeconds: 12,
      lastAccessedAt: '2025-03-01T00:00:00.000Z',
      completed,
    });
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories: [] }),
      [`GET /api/me/review/queue?${tz}`]: () => json(200, { cards, counts }),
      'GET /api/me/review/settings': () => json(200, { settings: { newCardsPerDay: 20 } }),
      // The newest has no transcript to practise from: the next one is offered.
      'GET /api/progress/recent': () =>
        json(200, {
          chapters: [
            recent('66666666-6666-4666-8666-666666666666', 'Sin texto', false, false),
            recent(chapterId, 'La llegada', false),
          ],
        }),
    });
    renderApp('/review');
    const card = await screen.findByTestId('daily-practice');
    expect(within(card).getByRole('heading', { name: 'Daily practice' })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'From the chapter you are listening to: “La llegada” of El mercado.',
    );
    expect(within(card).getByRole('link', { name: 'Start daily practice' })).toHaveAttribute(
      'href',
      `/practice/${chapterId}?set=daily`,
    );
    const firstCard = await screen.findByRole('button', { name: 'Show answer' });
    expect(card.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists its keyboard shortcuts', async () => {
    renderApp('/review');
    expect(await screen.findByRole('heading', { name: 'Keyboard' })).toBeInTheDocument();
    expect(screen.getByText('Again, Hard, Good, Easy')).toBeInTheDocument();
    expect(screen.getByText('Replay the sentence')).toBeInTheDocument();
  });
});
