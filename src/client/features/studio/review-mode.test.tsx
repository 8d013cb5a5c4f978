// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SaveTranscriptRequest, StudioChapter } from '#shared/contracts/studio';
import type { Transcript, TranscriptSegment } from '#shared/transcript';
import { renderApp } from '#client/test/render-app';
import { settle } from '#client/test/settle';
import { reviewTranscript } from './rules/review-fixture';
import {
  api,
  chapterId,
  requestsTo,
  sentBody,
  stubStudio,
  studioPageEnvironment,
} from './studio-test-api';

const chapterOf = (transcript: Transcript = reviewTranscript): StudioChapter => ({
  chapter: {
    id: chapterId,
    storyId: '11111111-1111-4111-8111-111111111111',
    storyTitle: 'El mercado',
    title: 'La llegada',
    position: 2,
  },
  audio: { url: `/api/chapters/${chapterId}/audio?preview=1`, durationSeconds: 30 },
  transcript,
  version: 3,
  summary: { segments: 4, words: 12, segmentsNeedingTranslation: 2, wordsNeedingGloss: 6 },
  warnings: [],
  translationServices: ['apertium'],
});

const stage = () => screen.getByRole('region', { name: 'Review' });
const shown = () => stage().getAttribute('data-review-ready');
const sentence = (number: number) => screen.getByRole('article', { name: `Sentence ${number}` });
/** What the review bar says is left, as 'n sentences · n translations · …'. */
const counts = () =>
  within(screen.getByRole('region', { name: 'Left' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)
    .join(' · ');

const env = studioPageEnvironment({ duration: 30 });
const audio = () => document.querySelector('audio')!;

/** The studio opened in review mode; resolves once the first sentence is ready. */
async function openReview(transcript: Transcript = reviewTranscript) {
  const fetchMock = stubStudio(chapterOf(transcript));
  renderApp(`/admin/chapters/${chapterId}/studio?mode=review`);
  await waitFor(() =>
    expect(screen.getByRole('region', { name: 'Review' })).toHaveAttribute('data-review-ready'),
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('review mode', () => {
  it('is offered first in the editor while sentences wait, and opens at the first of them, playing it', async () => {
    stubStudio(chapterOf());
    renderApp(`/admin/chapters/${chapterId}/studio`);
    await screen.findByRole('heading', { level: 1, name: 'La llegada' });
    expect(screen.getByRole('button', { name: 'Full editor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      screen.getByText(
        '3 sentences wait for review: a translation, glosses or a timing to approve. Review mode takes you through them one at a time.',
      ),
    ).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start review' }));
    expect(screen.getByRole('button', { name: 'Review' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(shown()).toBe('s2'));
    // The editor's sentence list is gone; one sentence, focused, and its audio playing.
    expect(screen.queryByRole('heading', { name: /^Sentences/ })).toBeNull();
    expect(sentence(2)).toHaveFocus();
    expect(env.media.play).toHaveBeenCalled();
    expect(audio().currentTime).toBe(reviewTranscript.segments[1]!.start);
    expect(sentence(2).querySelector('p[lang="es"]')).toHaveTextContent(
      'Lucía pasa por el mercado.',
    );
    expect(within(sentence(2)).getByText('Lucía goes through the market.')).toBeVisible();
    expect(within(sentence(2)).getByText('Machine · Apertium')).toBeVisible();
    expect(counts()).toBe('3 sentences · 2 translations · 6 glosses · 2 timings');

    // Back to the full editor.
    await user.click(screen.getByRole('button', { name: 'Full editor' }));
    expect(await screen.findByRole('heading', { name: /^Sentences/ })).toBeVisible();
  });

  it('lists the glosses worth a look numbered first, the obvious ones compactly after', async () => {
    await openReview();
    const check = screen.getByRole('region', { name: 'Glosses to check (2)' });
    expect(
      within(check)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^1pasa→raisinMachine · Dictionary/),
      expect.stringMatching(/^2por→forMachine/),
    ]);
    const obvious = screen.getByRole('region', {
      name: 'Obvious glosses, approved with the sentence (1)',
    });
    expect(
      within(obvious).getByRole('button', { name: 'Change gloss of mercado: market' }),
    ).toHaveAttribute('aria-keyshortcuts', '3');
  });

  it('approves a sentence with Enter — translation and every gloss — and moves on; the counts follow', async () => {
    const { user } = await openReview();
    const seeks = vi.fn();
    audio().addEventListener('seeking', seeks);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toBe('s3'));
    expect(sentence(3)).toHaveFocus();
    // Started once, by the key (not again when the sentence arrives).
    expect(seeks).toHaveBeenCalledTimes(1);
    expect(audio().currentTime).toBe(reviewTranscript.segments[2]!.start);
    expect(counts()).toBe('2 sentences · 1 translation · 3 glosses · 2 timings');
    expect(screen.getByText('1 of 3 done')).toBeVisible();
    expect(screen.getByText('Unsaved')).toBeVisible();

    // Back to it: everything approved, and its glosses still there to correct.
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(shown()).toBe('s2'));
    expect(within(sentence(2)).getByText('Approved')).toBeVisible();
    expect(
      within(sentence(2)).getByRole('region', { name: 'Glosses (4), all approved' }),
    ).toBeVisible();
  });

  it('edits the translation in place: E opens it, keys type there, Enter keeps it, Esc cancels', async () => {
    const { user } = await openReview();
    await user.keyboard('e');
    const field = within(sentence(2)).getByRole('textbox', { name: 'English translation' });
    expect(field).toHaveFocus();
    await user.clear(field);
    // Letters that are keys elsewhere are typed here.
    await user.type(field, 'Lucía passes through the market. ');
    expect(field).toHaveValue('Lucía passes through the market. ');
    await user.keyboard('{Enter}');
    expect(within(sentence(2)).queryByRole('textbox')).toBeNull();
    // Kept exactly as typed, approved, and still on the sentence (its glosses wait).
    expect(
      within(sentence(2)).getByText('Lucía passes through the market.', { exact: false }),
    ).toBeVisible();
    expect(within(sentence(2)).getAllByText('Approved')[0]).toBeVisible();
    expect(shown()).toBe('s2');
    expect(sentence(2)).toHaveFocus();

    await user.keyboard('e');
    await user.type(
      within(sentence(2)).getByRole('textbox', { name: 'English translation' }),
      'xyz',
    );
    await user.keyboard('{Escape}');
    expect(within(sentence(2)).queryByRole('textbox')).toBeNull();
    expect(within(sentence(2)).queryByText(/xyz/)).toBeNull();
    expect(sentence(2)).toHaveFocus();
  });

  it('marks a gloss wrong by its number and takes another sense by number, or one typed', async () => {
    const { user } = await openReview();
    await user.keyboard('1');
    const senses = screen.getByRole('group', { name: 'Other senses of pasa' });
    expect(
      within(senses)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      '1to pass pasar, verb',
      '2happen pasar, verb',
      '3spend (time) pasar, verb',
      'Use this gloss',
      'Cancel',
    ]);
    await user.keyboard('2');
    expect(screen.queryByRole('group', { name: 'Other senses of pasa' })).toBeNull();
    const check = screen.getByRole('region', { name: 'Glosses to check (2)' });
    expect(within(check).getAllByRole('listitem')[0]).toHaveTextContent('pasa→happenApproved');
    expect(sentence(2)).toHaveFocus();

    // Gloss 2 (por): a letter starts one's own gloss.
    await user.keyboard('2');
    expect(screen.getByRole('group', { name: 'Other senses of por' })).toBeVisible();
    await user.keyboard('through{Enter}');
    expect(within(check).getAllByRole('listitem')[1]).toHaveTextContent('por→throughApproved');
    expect(shown()).toBe('s2');
  });

  it('after Enter, waits on a doubtful timing until T accepts it, then moves on', async () => {
    const { user } = await openReview();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toBe('s3'));
    await user.keyboard('{Enter}');
    const timing = screen.getByRole('region', { name: 'Doubtful timing (2)' });
    expect(timing).toHaveTextContent('The text is approved. Is this timing right?');
    expect(
      within(timing).getByRole('button', { name: 'Accept the timing of Compra' }),
    ).toBeVisible();
    await user.keyboard('t');
    expect(screen.getByRole('region', { name: 'Doubtful timing (1)' })).toBeVisible();
    expect(shown()).toBe('s3');
    await user.keyboard('t');
    await waitFor(() => expect(shown()).toBe('s4'));
    expect(counts()).toMatch(/· 0 timings$/);
  });

  it('says why each timing is doubtful, and T drops the reason with the confidence', async () => {
    const withReason: Transcript = {
      segments: reviewTranscript.segments.map((segment) => ({
        ...segment,
        words: segment.words.map((word) =>
          word.text === 'Compra' ? { ...word, timingDoubt: 'music' as const } : word,
        ),
      })),
    };
    const { user, fetchMock } = await openReview(withReason);
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(shown()).toBe('s3'));
    const timing = screen.getByRole('region', { name: 'Doubtful timing (2)' });
    const items = within(timing).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Music or noise is heard around the word.');
    expect(items[1]).toHaveTextContent('The aligner is unsure of this sentence’s timing.');
    expect(
      within(timing).getByRole('button', { name: 'Accept the timing of Compra' }),
    ).toHaveAccessibleDescription('Music or noise is heard around the word.');
    await user.keyboard('ts');
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', `${api}/transcript`)).toHaveLength(1));
    const [, , third] = sentBody<SaveTranscriptRequest>(fetchMock, 'PUT', `${api}/transcript`)
      .transcript.segments;
    expect(third!.words[0]).not.toHaveProperty('timingDoubt');
    expect(third!.words[0]).not.toHaveProperty('confidence');
  });

  it('sends a wrong timing to the full editor’s timing panel, at that word', async () => {
    const { user } = await openReview();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(shown()).toBe('s3'));
    await user.click(
      screen.getByRole('button', { name: 'Fix the timing of Compra in the editor' }),
    );
    expect(screen.getByRole('button', { name: 'Full editor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const start = await screen.findByRole('slider', { name: 'Start of Compra' });
    await waitFor(() => expect(start).toHaveFocus());
  });

  it('goes through the chapter by keys only, ends with nothing left, and saves what was approved', async () => {
    const { user, fetchMock } = await openReview();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toBe('s3'));
    await user.keyboard('{Enter}tt');
    await waitFor(() => expect(shown()).toBe('s4'));
    // Sentence 4 has no translation: Enter approves its glosses and opens the translation.
    expect(
      within(sentence(4)).getByText(
        'No translation yet: write one (E), or let the full editor’s “Fill missing translations” propose them all.',
      ),
    ).toBeVisible();
    await user.keyboard('{Enter}');
    const field = within(sentence(4)).getByRole('textbox', { name: 'English translation' });
    expect(field).toHaveFocus();
    await user.type(field, 'He goes back home.{Enter}');
    // Then its missing gloss: its senses, one picked by number.
    expect(screen.getByRole('group', { name: 'Other senses of casa' })).toBeVisible();
    await user.keyboard('1');
    await waitFor(() => expect(shown()).toBe('summary'));
    expect(screen.getByRole('article', { name: 'Nothing left to review' })).toHaveFocus();
    expect(counts()).toBe('0 sentences · 0 translations · 0 glosses · 0 timings');

    // The end of the stream saves by itself.
    expect(await screen.findByText('Saved · version 4')).toBeVisible();
    const body = sentBody<SaveTranscriptRequest>(fetchMock, 'PUT', `${api}/transcript`);
    expect(body.baseVersion).toBe(3);
    const [, s2, s3, s4] = body.transcript.segments as TranscriptSegment[];
    expect(s2).toMatchObject({
      translation: 'Lucía goes through the market.',
      translationSource: 'human',
    });
    expect(s2!.words.filter((word) => word.glossSource === 'machine')).toEqual([]);
    expect(s3).not.toHaveProperty('confidence');
    expect(s3!.words[0]).not.toHaveProperty('confidence');
    expect(s4).toMatchObject({ translation: 'He goes back home.', translationSource: 'human' });
    expect(s4!.words.map((word) => [word.gloss, word.glossSource])).toEqual([
      ['returns', 'human'],
      ['to', 'human'],
      ['house', 'human'],
    ]);
    expect(fact('Translations to approve')).toHaveTextContent('0 of 4');
  });

  it('saves with S, and by itself after every ten approved sentences', async () => {
    const many: Transcript = {
      segments: Array.from({ length: 12 }, (_, index) => ({
        id: `m${index + 1}`,
        start: index,
        end: index + 0.9,
        text: `Frase ${index + 1}.`,
        translation: `Sentence ${index + 1}.`,
        translationSource: 'machine' as const,
        words: [
          {
            id: `m${index + 1}w1`,
            text: 'Frase',
            start: index,
            end: index + 0.5,
            gloss: 'sentence',
            glossSource: 'machine' as const,
          },
        ],
      })),
    };
    const { user, fetchMock } = await openReview(many);
    for (let press = 0; press < 9; press += 1) await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toBe('m10'));
    await settle();
    expect(requestsTo(fetchMock, 'PUT', `${api}/transcript`)).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Saved · version 4')).toBeVisible();
    const saved = sentBody<SaveTranscriptRequest>(fetchMock, 'PUT', `${api}/transcript`);
    expect(
      saved.transcript.segments.filter((segment) => segment.translationSource === 'human'),
    ).toHaveLength(10);

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Unsaved')).toBeVisible();
    await user.keyboard('s');
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', `${api}/transcript`)).toHaveLength(2));
  });

  it('leaves the keys to a dialog while it asks, and asks before leaving an unsaved review', async () => {
    const { user } = await openReview();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toBe('s3'));
    await user.click(screen.getByRole('link', { name: 'Back to content' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    // Letters and digits typed in the dialog do nothing to the review behind it.
    await user.keyboard('e1t');
    // (The dialog hides the page from assistive technology meanwhile: hence `hidden`.)
    const behind = { hidden: true };
    expect(screen.queryByRole('textbox', { name: 'English translation', ...behind })).toBeNull();
    expect(screen.queryByRole('group', { name: /^Other senses/, ...behind })).toBeNull();
    expect(
      screen.getByRole('region', { name: 'Doubtful timing (2)', ...behind }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(shown()).toBe('s3');
  });

  it('keeps the keys documented and every action reachable by a labelled button', async () => {
    const { user } = await openReview();
    const keys = screen.getByRole('complementary', { name: 'Review keys' });
    for (const action of [
      'Approve the sentence with its glosses, go to the next',
      'Edit the translation (Enter keeps it, Esc cancels)',
      'Play the sentence again',
      'That gloss is wrong: choose another sense, or type one',
      'Accept the doubtful timing',
      'Previous or next sentence, without approving',
      'Save now',
    ]) {
      expect(within(keys).getByText(action)).toBeVisible();
    }
    for (const [name, key] of [
      ['Approve sentence', 'Enter'],
      ['Edit translation', 'E'],
      ['Play the sentence again', 'R'],
      ['Change gloss of pasa', '1'],
      ['Next', 'ArrowRight'],
    ]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-keyshortcuts', key);
    }

    // By mouse: the same review.
    await user.click(screen.getByRole('button', { name: 'Change gloss of pasa' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Other senses of pasa' })).getByRole('button', {
        name: 'to pass pasar, verb',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Approve sentence' }));
    await waitFor(() => expect(shown()).toBe('s3'));
    // The move is announced.
    expect(
      screen.getByText('Sentence 2 approved. Sentence 3, 2 of 3: Compra pan.'),
    ).toBeInTheDocument();
  });
});

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
