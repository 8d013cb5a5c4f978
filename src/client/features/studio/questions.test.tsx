// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  comprehensionMessages as says,
  type ChapterQuestion,
  type ChapterQuestionsResponse,
  type SaveChapterQuestionsRequest,
} from '#shared/contracts/comprehension';
import type { StudioChapter } from '#shared/contracts/studio';
import { json, renderApp } from '#client/test/render-app';
import { settle } from '#client/test/settle';
import {
  api,
  bodyOf,
  chapterId,
  DURATION,
  requestsTo,
  sentBody,
  stubStudio,
  studioPageEnvironment,
  type Routes,
} from './studio-test-api';

const chapter: StudioChapter = {
  chapter: {
    id: chapterId,
    storyId: '11111111-1111-4111-8111-111111111111',
    storyTitle: 'El mercado',
    title: 'La llegada',
    position: 2,
  },
  audio: { url: `/api/chapters/${chapterId}/audio?preview=1`, durationSeconds: DURATION },
  transcript: {
    segments: [
      {
        id: 's1',
        start: 0.5,
        end: 2.4,
        text: 'Lucía llega al mercado.',
        translation: 'Lucía arrives at the market.',
        words: [{ id: 'w1', text: 'Lucía', start: 0.5, end: 2.4, gloss: 'Lucía (name)' }],
      },
      {
        id: 's2',
        start: 3,
        end: 4.2,
        text: 'Hace sol.',
        translation: 'It is sunny.',
        words: [{ id: 'w2', text: 'Hace', start: 3, end: 4.2, gloss: 'it makes' }],
      },
    ],
  },
  version: 3,
  summary: { segments: 2, words: 2, segmentsNeedingTranslation: 0, wordsNeedingGloss: 0 },
  warnings: [],
  translationServices: [],
};

const where: ChapterQuestion = {
  text: 'Where does Lucía arrive?',
  options: ['At the market', 'At the station'],
  correctOption: 0,
  segmentId: 's1',
};

const answerOf = (
  questions: ChapterQuestion[],
  state: Partial<ChapterQuestionsResponse> = {},
): ChapterQuestionsResponse => ({
  questions,
  published: true,
  unpublishedChanges: false,
  ...state,
});

/** The studio with these saved questions; a save answers what it was sent, as unpublished. */
async function openStudio(saved: ChapterQuestionsResponse, routes: Routes = {}) {
  const fetchMock = stubStudio(chapter, {
    [`GET ${api}/questions`]: () => json(200, saved),
    [`PUT ${api}/questions`]: (init) =>
      json(
        200,
        answerOf(
          bodyOf<SaveChapterQuestionsRequest>(init).questions.map((question) => ({
            ...question,
            text: question.text.trim(),
            options: question.options.map((option) => option.trim()),
          })),
          { unpublishedChanges: true },
        ),
      ),
    ...routes,
  });
  renderApp(`/admin/chapters/${chapterId}/studio`);
  const section = await screen.findByRole('region', { name: 'Comprehension questions' });
  await within(section).findByRole('button', { name: 'Add question' });
  return { fetchMock, section };
}

const questionCard = (number: number) => screen.getByRole('region', { name: `Question ${number}` });

studioPageEnvironment();

describe('comprehension questions in the studio', () => {
  it('shows the saved questions: text, options, the correct one and its line, and what learners see', async () => {
    await openStudio(answerOf([where], { unpublishedChanges: true }));
    const card = questionCard(1);
    expect(within(card).getByRole('textbox', { name: 'Question' })).toHaveValue(where.text);
    expect(within(card).getByRole('textbox', { name: 'Option 1' })).toHaveValue('At the market');
    expect(within(card).getByRole('textbox', { name: 'Option 2' })).toHaveValue('At the station');
    expect(
      within(card).getByRole('radio', { name: 'Option 1 is the correct answer' }),
    ).toBeChecked();
    expect(within(card).getByText('Correct answer')).toBeVisible();
    const line = within(card).getByRole('combobox', { name: 'Line that answers it' });
    expect(line).toHaveValue('s1');
    expect(
      within(line)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', '1. Lucía llega al mercado.', '2. Hace sol.']);
    expect(
      screen.getByText(
        'Learners still see the questions published last: publish the story’s changes to show them these.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Saved · 1 question')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save questions' })).toBeDisabled();
  });

  it('adds a question by keyboard, picks the correct option and the line, and saves them all', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openStudio(answerOf([where]));
    expect(
      screen.getByText('Learners see these questions when they finish the chapter.'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const card = await waitFor(() => questionCard(2));
    // The new question's text field takes the focus: type straight away.
    await waitFor(() =>
      expect(within(card).getByRole('textbox', { name: 'Question' })).toHaveFocus(),
    );
    await user.keyboard('  Is it sunny?  ');
    await user.type(within(card).getByRole('textbox', { name: 'Option 1' }), 'No');
    await user.type(within(card).getByRole('textbox', { name: 'Option 2' }), 'Yes');
    await user.click(within(card).getByRole('button', { name: 'Add option' }));
    await user.type(within(card).getByRole('textbox', { name: 'Option 3' }), 'Nobody says');
    await user.click(within(card).getByRole('radio', { name: 'Option 2 is the correct answer' }));
    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'Line that answers it' }),
      '2. Hace sol.',
    );
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save questions' }));
    expect(await screen.findByText('Questions saved: 2 questions.')).toBeInTheDocument();
    expect(sentBody<SaveChapterQuestionsRequest>(fetchMock, 'PUT', `${api}/questions`)).toEqual({
      questions: [
        where,
        {
          text: 'Is it sunny?',
          options: ['No', 'Yes', 'Nobody says'],
          correctOption: 1,
          segmentId: 's2',
        },
      ],
    });
    expect(await screen.findByText('Saved · 2 questions')).toBeVisible();
    expect(
      screen.getByText(
        'Learners still see the questions published last: publish the story’s changes to show them these.',
      ),
    ).toBeVisible();
  });

  it('shows every problem at its field and sends nothing until they are fixed', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openStudio(answerOf([]));
    expect(
      screen.getByText('No questions yet: learners are asked nothing after this chapter.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const card = await waitFor(() => questionCard(1));
    await user.type(within(card).getByRole('textbox', { name: 'Option 1' }), 'Sí');
    await user.type(within(card).getByRole('textbox', { name: 'Option 2' }), ' sí ');
    await user.click(screen.getByRole('button', { name: 'Save questions' }));

    const text = within(card).getByRole('textbox', { name: 'Question' });
    await waitFor(() => expect(text).toHaveAccessibleDescription(says.questionRequired));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveFocus();
    expect(within(card).getByRole('textbox', { name: 'Option 2' })).toHaveAccessibleDescription(
      says.sameOption,
    );
    expect(within(card).getByText(says.chooseCorrect)).toBeVisible();
    await settle();
    expect(requestsTo(fetchMock, 'PUT', `${api}/questions`)).toEqual([]);
  });

  it('puts the server’s refusal at its field (a line the transcript no longer has)', async () => {
    const user = userEvent.setup();
    await openStudio(answerOf([where]), {
      [`PUT ${api}/questions`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: says.lineNotInTranscript,
            details: {
              context: 'body',
              issues: [{ path: '/questions/0/segmentId', message: says.lineNotInTranscript }],
            },
          },
        }),
    });
    await user.type(within(questionCard(1)).getByRole('textbox', { name: 'Question' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save questions' }));
    const line = within(questionCard(1)).getByRole('combobox', { name: 'Line that answers it' });
    await waitFor(() => expect(line).toHaveAttribute('aria-invalid', 'true'));
    expect(within(questionCard(1)).getByText(says.lineNotInTranscript)).toBeVisible();
    expect(line).toHaveFocus();
  });

  it('says when a saved line is no longer in the transcript', async () => {
    await openStudio(answerOf([{ ...where, segmentId: 's7' }]));
    const line = within(questionCard(1)).getByRole('combobox', { name: 'Line that answers it' });
    expect(line).toHaveValue('s7');
    expect(line).toHaveAccessibleDescription(
      'The line chosen before is no longer in the transcript: choose another, or none.',
    );
  });

  it('reorders and removes questions and options, saying so, and keeps the correct option on its text', async () => {
    const user = userEvent.setup();
    const who: ChapterQuestion = {
      text: 'Who arrives?',
      options: ['Pablo', 'Lucía', 'Ana'],
      correctOption: 1,
      segmentId: null,
    };
    const { fetchMock } = await openStudio(answerOf([where, who]));
    expect(
      within(questionCard(1)).getByRole('button', { name: 'Move question 1 up' }),
    ).toBeDisabled();

    await user.click(within(questionCard(1)).getByRole('button', { name: 'Move question 1 down' }));
    expect(await screen.findByText('Question 1 moved to position 2 of 2.')).toBeInTheDocument();
    expect(within(questionCard(1)).getByRole('textbox', { name: 'Question' })).toHaveValue(
      'Who arrives?',
    );
    // The focus follows the question it moved, to the button that can still move it.
    await waitFor(() =>
      expect(
        within(questionCard(2)).getByRole('button', { name: 'Move question 2 up' }),
      ).toHaveFocus(),
    );

    // Removing "Pablo" keeps "Lucía" the correct answer.
    await user.click(within(questionCard(1)).getByRole('button', { name: 'Remove option 1' }));
    expect(
      within(questionCard(1)).getByRole('radio', { name: 'Option 1 is the correct answer' }),
    ).toBeChecked();
    expect(within(questionCard(1)).getByRole('textbox', { name: 'Option 1' })).toHaveValue('Lucía');
    // Two options are the fewest: they cannot be removed.
    expect(within(questionCard(1)).getByRole('button', { name: 'Remove option 1' })).toBeDisabled();

    await user.click(within(questionCard(2)).getByRole('button', { name: 'Remove question 2' }));
    expect(await screen.findByText('Question 2 removed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add question' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save questions' }));
    await screen.findByText('Saved · 1 question');
    expect(sentBody<SaveChapterQuestionsRequest>(fetchMock, 'PUT', `${api}/questions`)).toEqual({
      questions: [{ ...who, options: ['Lucía', 'Ana'], correctOption: 0 }],
    });
  });

  it('stops at ten questions', async () => {
    await openStudio(answerOf(Array.from({ length: 10 }, () => where)));
    const add = screen.getByRole('button', { name: 'Add question' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(`${says.tooManyQuestions}.`);
  });

  it('asks before leaving the studio with unsaved questions', async () => {
    const user = userEvent.setup();
    await openStudio(answerOf([where]));
    await user.type(within(questionCard(1)).getByRole('textbox', { name: 'Question' }), '?');
    await user.click(screen.getByRole('link', { name: 'Back to content' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent(
      'Your changes to this chapter’s comprehension questions are not saved; they will be lost.',
    );
  });
});
