// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import type { ChapterWithStory } from '#shared/contracts/stories';
import type { Transcript } from '#shared/transcript';
import { installFakeMedia } from '#client/test/fake-media';
import {
  json,
  renderApp,
  sessionOf,
  storyFixture,
  stubApi,
  userFixture,
} from '#client/test/render-app';
import { settle } from '#client/test/settle';

const chapterId = storyFixture.chapters[0]!.id;

const questions: ChapterQuestion[] = [
  {
    text: 'Where does Lucía go?',
    options: ['To the market', 'To the station', 'To school'],
    correctOption: 0,
    segmentId: 's2',
  },
  { text: 'Is it sunny?', options: ['Yes', 'No'], correctOption: 0, segmentId: null },
];

const transcript: Transcript = {
  segments: [
    { id: 's1', start: 0.4, end: 1.9, text: 'Hace sol.', words: [] },
    { id: 's2', start: 2.3, end: 4.8, text: 'Lucía va al mercado.', words: [] },
  ],
};

const { chapters: _chapters, ...summary } = storyFixture;
const chapterOf = (overrides: Partial<ChapterWithStory> = {}): ChapterWithStory => ({
  ...storyFixture.chapters[0]!,
  story: summary,
  questions,
  ...overrides,
});

function open(chapter = chapterOf(), user: typeof userFixture | null = userFixture) {
  const fetchMock = stubApi({
    'GET /api/auth/session': sessionOf(user),
    [`GET /api/chapters/${chapterId}`]: () => json(200, { chapter }),
    [`GET /api/chapters/${chapterId}/transcript`]: () => json(200, transcript),
  });
  renderApp(`/questions/${chapterId}`);
  return fetchMock;
}

let media: ReturnType<typeof installFakeMedia>;
beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  media = installFakeMedia({ duration: 60 });
});
afterEach(() => {
  cleanup();
  media.uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const verdict = () => screen.getAllByRole('status').find((region) => region.textContent !== '');

describe('the questions after a chapter', () => {
  it('goes through them by keyboard: 1–4 pick, Enter checks, a wrong answer plays its line, a result at the end', async () => {
    const user = userEvent.setup();
    open();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Where does Lucía go?' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Check your understanding' }),
    ).toBeVisible();
    expect(screen.getByText('Question 1 of 2')).toBeVisible();
    // The options are described with the keys that pick them.
    expect(screen.getByRole('group', { name: 'Where does Lucía go?' })).toHaveAccessibleDescription(
      'Press 1 to 3 to choose an answer, then Enter to check it and Enter again to go on.',
    );
    expect(document.title).toContain('Check your understanding: La llegada');
    await waitFor(() => expect(heading).toHaveFocus());

    // Enter before choosing says what to do.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Choose an answer first.')).toBeVisible();
    await user.keyboard('2');
    expect(screen.getByRole('radio', { name: /To the station/ })).toBeChecked();
    await user.keyboard('{Enter}');

    // Said in words and marks, not by colour alone.
    await waitFor(() =>
      expect(verdict()).toHaveTextContent('Not quite. The answer is “To the market”.'),
    );
    const station = screen.getByRole('radio', { name: /To the station/ }).closest('label')!;
    expect(station).toHaveTextContent('Your answer');
    const market = screen.getByRole('radio', { name: /To the market/ }).closest('label')!;
    expect(market).toHaveTextContent('Correct answer');
    const nextButton = screen.getByRole('button', { name: 'Next question' });
    await waitFor(() => expect(nextButton).toHaveFocus());

    // The line that answers it plays from the chapter's audio, and shows its text.
    await user.click(screen.getByRole('button', { name: 'Play the line that answers it' }));
    expect(await screen.findByText('Lucía va al mercado.')).toBeVisible();
    expect(screen.getByText('The line that answers it')).toBeVisible();
    const played = media.play.mock.contexts.at(-1) as HTMLAudioElement;
    expect(played.src).toContain(`/api/chapters/${chapterId}/audio`);
    expect(played.currentTime).toBeCloseTo(2.3);

    // Enter on "Next question" goes on (the button answers it; the page does not act twice).
    nextButton.focus();
    await user.keyboard('{Enter}');
    const second = await screen.findByRole('heading', { level: 2, name: 'Is it sunny?' });
    expect(screen.getByText('Question 2 of 2')).toBeVisible();
    await waitFor(() => expect(second).toHaveFocus());
    expect(screen.queryByText('Lucía va al mercado.')).toBeNull();
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(verdict()).toHaveTextContent('Right! “Yes” is the answer.'));
    // No line to offer after a right answer.
    expect(screen.queryByRole('button', { name: 'Play the line that answers it' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'See your result' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');

    const result = await screen.findByRole('heading', { level: 2, name: 'Your result' });
    await waitFor(() => expect(result).toHaveFocus());
    expect(screen.getByText('You answered 1 of 2 questions correctly.')).toBeVisible();
    const items = within(screen.getByRole('region', { name: 'Your result' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent(
      'Where does Lucía go?Wrong: you answered “To the station”; the answer is “To the market”.',
    );
    expect(items[1]).toHaveTextContent('Is it sunny?Right: you answered “Yes”.');
    for (const link of screen.getAllByRole('link', { name: 'Back to the chapter' })) {
      expect(link).toHaveAttribute('href', `/player/${chapterId}`);
    }

    await user.click(screen.getByRole('button', { name: 'Answer again' }));
    expect(await screen.findByText('Question 1 of 2')).toBeVisible();
    expect(screen.getByRole('radio', { name: /To the station/ })).not.toBeChecked();
  });

  it('reads no transcript when no question names a line', async () => {
    const fetchMock = open(chapterOf({ questions: [questions[1]!] }));
    await screen.findByRole('heading', { level: 2, name: 'Is it sunny?' });
    await settle();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/transcript'))).toEqual([]);
  });

  it('says when the chapter has no questions, as an older download that has none', async () => {
    const { questions: _none, ...withoutQuestions } = chapterOf();
    open(withoutQuestions);
    expect(
      await screen.findByRole('heading', { name: 'No questions for this chapter' }),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Back to the chapter' }).at(-1)).toHaveAttribute(
      'href',
      `/player/${chapterId}`,
    );
  });

  it('sends a visitor of a story that needs an account to the chapter, which asks to sign in', async () => {
    open(chapterOf({ story: { ...summary, requiresLogin: true }, questions: [] }), null);
    expect(await screen.findByRole('link', { name: 'Sign in to listen' })).toBeVisible();
  });
});
