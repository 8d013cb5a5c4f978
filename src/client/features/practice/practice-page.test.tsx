// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPreferences } from '#shared/contracts/me';
import type { PracticeAnswersBody } from '#shared/contracts/practice';
import { buildPracticeSet } from '#shared/practice/build-set';
import type { PracticeItem } from '#shared/practice/items';
import { practiceChapterLines } from '#shared/practice/timed-line-fixture';
import type { TranscriptSegment } from '#shared/transcript';
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
import { practiceSeed } from './practice-seed';

/*
 * The practice screen by keyboard only (issue 25): the set the page makes is the one the shared
 * builder makes from the same seed, so each exercise is answered from what it asks.
 */

const { chapters, ...storySummary } = storyFixture;
const chapter = { ...chapters[0]!, story: storySummary };
const chapterId = chapter.id;

/** A beginner's chapter, with translations (one machine-made). */
const segments: TranscriptSegment[] = practiceChapterLines.map((line) => ({
  ...line,
  translation: `Line ${line.id} in English.`,
  translationSource: line.id === 's2' ? 'machine' : 'human',
}));

/** The set the page makes today (Start's first round), as the shared builder makes it. */
const todaysSet = (): PracticeItem[] =>
  buildPracticeSet(
    { segments, level: storySummary.level },
    practiceSeed(chapterId, new Date(), 0),
    { focus: new Set() },
  );

let media: ReturnType<typeof installFakeMedia>;
let sent: PracticeAnswersBody[];
let preferenceChanges: unknown[];

function stubPractice(user: typeof userFixture | null) {
  const tz = timezoneOffsetQuery();
  return stubApi({
    'GET /api/auth/session': sessionOf(user),
    [`GET /api/chapters/${chapterId}`]: () => json(200, { chapter }),
    [`GET /api/chapters/${chapterId}/transcript`]: () => json(200, { segments }),
    [`GET /api/me/saved-items?chapterId=${chapterId}&limit=100`]: () =>
      json(200, { items: [], nextCursor: null, total: 0 }),
    'GET /api/me/preferences': () =>
      json(200, { preferences: { ...defaultPreferences, updatedAt: null } }),
    'PATCH /api/me/preferences': (init) => {
      const changes = JSON.parse(init!.body as string) as Record<string, unknown>;
      preferenceChanges.push(changes);
      return json(200, {
        preferences: { ...defaultPreferences, ...changes, updatedAt: '2026-01-01T00:00:00.000Z' },
      });
    },
    'POST /api/me/practice/answers': (init) => {
      const body = JSON.parse(init!.body as string) as PracticeAnswersBody;
      sent.push(body);
      return json(200, {
        results: body.answers.map((answer) => ({
          answerId: answer.answerId,
          outcome: 'recorded',
          cardId: null,
        })),
      });
    },
    [`GET /api/me/review/summary?${tz}`]: () => json(200, { dueCount: 0, newAvailable: 0 }),
  });
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  media = installFakeMedia({ duration: 60 });
  sent = [];
  preferenceChanges = [];
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  media.uninstall();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The audio element the clips play on, and where the last play started. */
const audio = () => media.play.mock.contexts.at(-1) as HTMLAudioElement;

async function start(user: UserEvent) {
  const startButton = await screen.findByRole('button', { name: 'Start' });
  startButton.focus();
  await user.keyboard('{Enter}');
  await screen.findByTestId('practice-item');
}

const optionKey = (options: readonly string[], answer: string) =>
  String(options.indexOf(answer) + 1);

/** Answers the exercise on screen rightly, by keys alone, and checks it. */
async function answerRightly(user: UserEvent, item: PracticeItem) {
  if (item.kind === 'dictation') {
    await user.keyboard(item.words.map((word) => word.text).join(' '));
    await user.keyboard('{Enter}');
  } else if (item.kind === 'cloze') {
    const total = item.blanks.length;
    for (const [index, blank] of item.blanks.entries()) {
      // Tab on to this blank when typing the one before kept the focus there.
      const input = screen.getByRole('textbox', {
        name: total === 1 ? 'Missing word' : `Missing word ${index + 1} of ${total}`,
      });
      if (document.activeElement !== input) await user.tab();
      expect(input).toHaveFocus();
      if (blank.options.length > 0) {
        await user.keyboard(optionKey(blank.options, blank.answer));
        expect(input).toHaveValue(blank.answer);
      } else {
        await user.keyboard(blank.answer);
      }
    }
    await user.keyboard('{Enter}');
  } else {
    await user.keyboard(optionKey(item.options, item.answer));
  }
}

describe('/practice/:chapterId', () => {
  it('a learner does the whole set by keyboard: clips, replay, slower, reveal, results, answers sent, end screen', async () => {
    const user = userEvent.setup();
    stubPractice(userFixture);
    const items = todaysSet();
    // A beginner's set starts with a word to pick and holds a dictation.
    expect(items[0]!.kind).toBe('word-in-audio');
    expect(items.map((item) => item.kind)).toContain('dictation');
    renderApp(`/practice/${chapterId}`);

    expect(await screen.findByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    expect(screen.getByText(`${items.length} exercises`)).toBeVisible();
    await start(user);

    // The first clip plays from exactly its first word's clip start.
    await waitFor(() => expect(media.play).toHaveBeenCalled());
    expect(audio().currentTime).toBe(items[0]!.clip.startSeconds);
    expect(audio().getAttribute('src')).toBe(`/api/chapters/${chapterId}/audio`);

    let revealedOnce = false;
    for (const [index, item] of items.entries()) {
      const card = screen.getByTestId('practice-item');
      expect(card).toHaveAttribute('data-kind', item.kind);
      expect(screen.getByTestId('practice-progress')).toHaveTextContent(
        `${index + 1} of ${items.length}`,
      );

      if (index === 0) {
        // Outside a text field, R replays and S replays slower; the status says so.
        const plays = media.play.mock.calls.length;
        audio().currentTime = 59;
        await user.keyboard('r');
        expect(media.play.mock.calls.length).toBe(plays + 1);
        expect(audio().currentTime).toBe(item.clip.startSeconds);
        expect(audio().playbackRate).toBe(1);
        await user.keyboard('s');
        expect(audio().playbackRate).toBe(0.75);
      }

      if (item.kind === 'dictation' && !revealedOnce) {
        revealedOnce = true;
        // While typing, Alt+R replays (nothing is typed) and Alt+W reveals the first word.
        expect(within(card).getByLabelText('What you heard')).toHaveFocus();
        const plays = media.play.mock.calls.length;
        await user.keyboard('{Alt>}r{/Alt}');
        expect(media.play.mock.calls.length).toBe(plays + 1);
        await user.keyboard('{Alt>}w{/Alt}');
        expect(
          within(screen.getByTestId('practice-revealed')).getByText(item.words[0]!.text),
        ).toBeVisible();
        expect(screen.getByText(`Revealed: ${item.words[0]!.text}`)).toBeInTheDocument();
        expect(within(card).getByLabelText('What you heard')).toHaveValue('');
        // The rest typed; the revealed word counts as not typed: this one is missed.
        await user.keyboard(
          item.words
            .slice(1)
            .map((word) => word.text)
            .join(' '),
        );
        await user.keyboard('{Enter}');
        expect(screen.getByTestId('practice-verdict')).toHaveTextContent('Not quite');
        expect(screen.getByTestId('practice-verdict')).toHaveTextContent(
          `${item.words.length - 1} of ${item.words.length} words right`,
        );
        const revealedChip = card.querySelector('[data-verdict="revealed"]');
        expect(revealedChip).toHaveTextContent(`${item.words[0]!.text}: revealed`);
      } else {
        await answerRightly(user, item);
        expect(screen.getByTestId('practice-verdict')).toHaveTextContent('Right!');
      }

      // Checked: the line as written and its translation, marked when a machine made it.
      const shown = screen.getByTestId('practice-line');
      expect(shown).toHaveTextContent(item.line);
      if (item.translation) expect(shown).toHaveTextContent(item.translation);
      expect(within(shown).queryByText('Machine translation') !== null).toBe(
        item.translationByMachine,
      );

      const last = index === items.length - 1;
      const next = screen.getByRole('button', { name: last ? 'See your score' : 'Next' });
      expect(next).toHaveFocus();
      const plays = media.play.mock.calls.length;
      await user.keyboard('{Enter}');
      if (!last) {
        // The next clip starts with the press that moves on.
        expect(media.play.mock.calls.length).toBe(plays + 1);
        expect(audio().currentTime).toBe(items[index + 1]!.clip.startSeconds);
        expect(audio().playbackRate).toBe(1);
      }
    }

    const end = screen.getByTestId('practice-end');
    expect(within(end).getByRole('heading', { name: 'Practice complete' })).toHaveFocus();
    expect(within(end).getByTestId('practice-score')).toHaveTextContent(
      `You got ${items.length - 1} of ${items.length} right.`,
    );
    const missed = within(end).getAllByTestId('practice-missed-item');
    expect(missed).toHaveLength(1);
    expect(missed[0]).toHaveTextContent('Added to your review');
    expect(within(end).getByRole('link', { name: 'Back to the chapter' })).toHaveAttribute(
      'href',
      `/player/${chapterId}`,
    );
    expect(within(end).getByRole('link', { name: 'Go to review' })).toHaveAttribute(
      'href',
      '/review',
    );

    // One answer per thing asked (a cloze's each blank), sent in batches; one wrong.
    const expected = items.reduce(
      (count, item) => count + (item.kind === 'cloze' ? item.blanks.length : 1),
      0,
    );
    await waitFor(() => expect(sent.flatMap((body) => body.answers)).toHaveLength(expected));
    const answers = sent.flatMap((body) => body.answers);
    expect(answers.filter((answer) => !answer.correct)).toEqual([
      expect.objectContaining({ kind: 'dictation', chapterId, correct: false }),
    ]);
    expect(answers.filter((answer) => answer.kind === 'dictation' && answer.wordId)).toEqual([]);
    for (const item of items) {
      if (item.kind !== 'cloze') continue;
      expect(
        answers.filter((answer) => answer.segmentId === item.segmentId).map((a) => a.wordId),
      ).toEqual(item.blanks.map((blank) => blank.wordId));
    }
    expect(new Set(answers.map((answer) => answer.answerId)).size).toBe(answers.length);

    // Practise again: a new set starts at once.
    const plays = media.play.mock.calls.length;
    await user.click(within(end).getByRole('button', { name: 'Practise again' }));
    expect(screen.getByTestId('practice-progress')).toHaveTextContent(`1 of `);
    await waitFor(() => expect(media.play.mock.calls.length).toBe(plays + 1));
  });

  it('strict accents: a learner’s switch is saved to the account', async () => {
    const user = userEvent.setup();
    stubPractice(userFixture);
    renderApp(`/practice/${chapterId}`);
    const strictSwitch = await screen.findByRole('switch', { name: 'Strict accents' });
    await waitFor(() => expect(strictSwitch).toHaveAttribute('aria-checked', 'false'));
    strictSwitch.focus();
    await user.keyboard(' ');
    expect(strictSwitch).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(preferenceChanges).toEqual([{ strictAccents: true }]));
    expect(strictSwitch).toHaveAttribute('aria-checked', 'true');
  });

  it('a visitor practises with nothing sent, keeps strict accents on this device, and is invited to sign in', async () => {
    const user = userEvent.setup();
    const fetchMock = stubPractice(null);
    const items = todaysSet();
    renderApp(`/practice/${chapterId}`);

    const strictSwitch = await screen.findByRole('switch', { name: 'Strict accents' });
    strictSwitch.focus();
    await user.keyboard(' ');
    expect(JSON.parse(localStorage.getItem('relatos.practice')!)).toEqual({ strictAccents: true });
    expect(preferenceChanges).toEqual([]);

    await start(user);
    for (const item of items) {
      await answerRightly(user, item);
      await user.keyboard('{Enter}');
    }
    const end = screen.getByTestId('practice-end');
    expect(within(end).getByTestId('practice-score')).toHaveTextContent(
      `You got ${items.length} of ${items.length} right.`,
    );
    expect(within(end).getByText('Nothing missed. Well done!')).toBeVisible();
    expect(
      within(end).getByRole('heading', { name: 'Keep your mistakes for review' }),
    ).toBeVisible();
    expect(within(end).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent(`/practice/${chapterId}`)}`,
    );
    expect(within(end).queryByRole('link', { name: 'Go to review' })).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/api/me/practice/answers')),
    ).toBe(false);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('relatos.sync.'))).toEqual([]);
  });

  it('says so when a chapter has nothing to practise', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(null),
      [`GET /api/chapters/${chapterId}`]: () =>
        json(200, { chapter: { ...chapter, hasTranscript: false } }),
    });
    renderApp(`/practice/${chapterId}`);
    expect(await screen.findByRole('heading', { name: 'Nothing to practise yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the chapter' })).toHaveAttribute(
      'href',
      `/player/${chapterId}`,
    );
  });
});
