// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '#shared/contracts/jobs';
import type { SaveTranscriptRequest, StudioChapter } from '#shared/contracts/studio';
import type { TimingDoubt, Transcript } from '#shared/transcript';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';
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
import { settle } from '#client/test/settle';

const jobId = '66666666-6666-4666-8666-666666666666';

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0.5,
      end: 2.4,
      text: 'Lucía llega al mercado.',
      translation: 'Lucía arrives at the market.',
      translationSource: 'machine',
      confidence: 0.9,
      words: [
        {
          id: 'w1',
          text: 'Lucía',
          start: 0.5,
          end: 1,
          gloss: 'Lucía (name)',
          glossSource: 'human',
        },
        {
          id: 'w2',
          text: 'llega',
          start: 1,
          end: 1.4,
          gloss: 'arrives',
          glossSource: 'machine',
          confidence: 0.2,
        },
        { id: 'w3', text: 'al', start: 1.4, end: 1.6, gloss: 'to the', glossSource: 'machine' },
        {
          id: 'w4',
          text: 'mercado',
          start: 1.6,
          end: 2.4,
          gloss: 'market',
          glossSource: 'machine',
          confidence: 0.4,
        },
      ],
    },
    {
      id: 's2',
      start: 3,
      end: 4.2,
      text: 'Hace sol.',
      translation: 'It is sunny.',
      confidence: 0.3,
      words: [
        { id: 'w5', text: 'Hace', start: 3, end: 3.5, gloss: 'it makes' },
        { id: 'w6', text: 'sol', start: 3.5, end: 4.2 },
      ],
    },
  ],
};

const chapterOf = (overrides: Partial<StudioChapter> = {}): StudioChapter => ({
  chapter: {
    id: chapterId,
    storyId: '11111111-1111-4111-8111-111111111111',
    storyTitle: 'El mercado',
    title: 'La llegada',
    position: 2,
  },
  audio: { url: `/api/chapters/${chapterId}/audio?preview=1`, durationSeconds: DURATION },
  transcript,
  version: 3,
  summary: { segments: 2, words: 6, segmentsNeedingTranslation: 1, wordsNeedingGloss: 4 },
  warnings: [],
  translationServices: ['apertium'],
  ...overrides,
});

const jobOf = (overrides: Partial<Job> = {}): Job => ({
  id: jobId,
  kind: 'align-chapter',
  status: 'queued',
  stage: '',
  progress: 0,
  error: null,
  result: null,
  subjectId: chapterId,
  createdAt: '2025-06-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...overrides,
});

/** The transcript with the aligner's reason for doubting one word (by its text). */
const doubtedFor = (text: string, timingDoubt: TimingDoubt): Transcript => ({
  segments: transcript.segments.map((segment) => ({
    ...segment,
    words: segment.words.map((word) => (word.text === text ? { ...word, timingDoubt } : word)),
  })),
});

const sentence = (number: number) => screen.getByRole('article', { name: `Sentence ${number}` });
/** The sentence as written, in Spanish. */
const spanishOf = (article: HTMLElement) => article.querySelector('p[lang="es"]')!;
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

async function openStudio(chapter = chapterOf(), routes: Routes = {}) {
  const fetchMock = stubStudio(chapter, routes);
  const view = renderApp(`/admin/chapters/${chapterId}/studio`);
  await screen.findByRole('heading', { level: 1, name: chapter.chapter.title });
  return { fetchMock, ...view };
}

async function openTiming(number: number) {
  await userEvent.click(within(sentence(number)).getByRole('button', { name: 'Words and timing' }));
  await screen.findByRole('group', { name: `Word starts of sentence ${number}` });
}

const env = studioPageEnvironment();

describe('transcript studio', () => {
  it('loads the chapter: titles, measured duration, version, counts, preview and the sentences', async () => {
    stubStudio(chapterOf({ warnings: ['The transcript ends 3.1 s before the audio does.'] }));
    renderApp(`/admin/chapters/${chapterId}/studio`);
    expect(await screen.findByText('Loading the chapter...')).toBeVisible();

    expect(await screen.findByRole('heading', { level: 1, name: 'La llegada' })).toBeVisible();
    expect(document.title).toBe('Relatos — Studio: La llegada');
    expect(screen.getByText('El mercado · Chapter 2')).toBeVisible();
    // 6.5 s to the nearest second, as the chapter stores it and every other screen shows it.
    expect(fact('Duration')).toHaveTextContent('0:07');
    expect(fact('Version')).toHaveTextContent('3');
    expect(fact('Translations to approve')).toHaveTextContent('1 of 2');
    expect(fact('Glosses to approve')).toHaveTextContent('4 of 6');
    expect(
      screen.getByText('1 sentence and 4 words still need an approved translation or gloss'),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Warnings' })).toHaveTextContent(
      'The transcript ends 3.1 s before the audio does.',
    );
    expect(screen.getByRole('link', { name: 'Preview (opens in a new tab)' })).toHaveAttribute(
      'href',
      `/player/${chapterId}?preview=1`,
    );

    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => spanishOf(article).textContent)).toEqual([
      'Lucía llega al mercado.',
      'Hace sol.',
    ]);
    expect(within(sentence(1)).getByRole('textbox', { name: 'English translation' })).toHaveValue(
      'Lucía arrives at the market.',
    );
    expect(within(sentence(1)).getByText('Machine')).toBeVisible();
    expect(within(sentence(2)).getByText('Approved')).toBeVisible();
    expect(within(sentence(2)).getByText('Doubtful timing · 30%')).toBeVisible();
    expect(screen.getByText('3 doubtful places')).toBeVisible();
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save transcript' })).toBeDisabled();
    expect(screen.getByText('Saved · version 3')).toBeVisible();
  });

  it('says when the chapter does not exist', async () => {
    stubApi({ 'GET /api/auth/session': sessionOf(adminFixture) });
    renderApp(`/admin/chapters/${chapterId}/studio`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Chapter not found');
    expect(screen.getByRole('link', { name: 'Back to content' })).toHaveAttribute(
      'href',
      '/admin/content',
    );
  });

  it('edits and approves translations and glosses, recounts, and saves them with the base version', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openStudio();

    await user.click(within(sentence(1)).getByRole('button', { name: 'Approve translation' }));
    expect(within(sentence(1)).getByText('Approved')).toBeVisible();
    expect(within(sentence(1)).queryByRole('button', { name: 'Approve translation' })).toBeNull();
    expect(fact('Translations to approve')).toHaveTextContent('0 of 2');
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    const translation = within(sentence(2)).getByRole('textbox', { name: 'English translation' });
    await user.clear(translation);
    await user.type(translation, 'The sun is out. ');

    await user.click(within(sentence(1)).getByRole('button', { name: 'Approve all glosses' }));
    expect(within(sentence(1)).getByText('Every gloss approved')).toBeVisible();
    expect(fact('Glosses to approve')).toHaveTextContent('1 of 6');

    await openTiming(2);
    await user.type(screen.getByRole('textbox', { name: 'Gloss of sol' }), 'sun');
    expect(fact('Glosses to approve')).toHaveTextContent('0 of 6');

    await user.click(screen.getByRole('button', { name: 'Save transcript' }));
    expect(await screen.findByText('Saved · version 4')).toBeVisible();
    const body = sentBody<SaveTranscriptRequest>(fetchMock, 'PUT', `${api}/transcript`);
    expect(body.baseVersion).toBe(3);
    const [first, second] = body.transcript.segments;
    expect(first).toMatchObject({
      translation: 'Lucía arrives at the market.',
      translationSource: 'human',
    });
    expect(first!.words.map((word) => word.glossSource)).toEqual([
      'human',
      'human',
      'human',
      'human',
    ]);
    // Kept exactly as typed.
    expect(second).toMatchObject({ translation: 'The sun is out. ', translationSource: 'human' });
    expect(second!.words[1]).toMatchObject({ gloss: 'sun', glossSource: 'human' });
    expect(screen.getByRole('button', { name: 'Save transcript' })).toBeDisabled();
    expect(screen.getByText('Saved as version 4.')).toBeVisible();
  });

  it('moves a word’s start with the arrow keys, its neighbour’s end following, within the audio', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openStudio();
    await openTiming(1);

    const llega = screen.getByRole('slider', { name: 'Start of llega' });
    expect(llega).toHaveAttribute('aria-valuenow', '1');
    expect(llega).toHaveAttribute('aria-valuetext', '0:01.000');
    llega.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(llega).toHaveAttribute('aria-valuenow', '1.02');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(llega).toHaveAttribute('aria-valuenow', '0.97');
    // A person set it: it is no longer doubtful.
    expect(screen.queryByRole('button', { name: 'Accept timing of llega' })).toBeNull();
    expect(screen.getByText('2 doubtful places')).toBeVisible();

    // The first word cannot leave the audio.
    const lucia = screen.getByRole('slider', { name: 'Start of Lucía' });
    lucia.focus();
    for (let press = 0; press < 12; press += 1) await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(lucia).toHaveAttribute('aria-valuenow', '0');
    expect(lucia).toHaveAttribute('aria-valuemin', '0');

    await user.click(screen.getByRole('button', { name: 'Save transcript' }));
    await screen.findByText('Saved · version 4');
    const [first] = sentBody<SaveTranscriptRequest>(fetchMock, 'PUT', `${api}/transcript`)
      .transcript.segments;
    expect(first!.start).toBe(0);
    expect(first!.words[0]).toMatchObject({ start: 0, end: 0.97 });
    expect(first!.words[1]).toMatchObject({ start: 0.97, end: 1.4 });
    expect(first!.words[1]).not.toHaveProperty('confidence');
  });

  it('drags a word’s start along the waveform', async () => {
    // jsdom lays nothing out: the waveform is given a width of 700 px at the page's left edge.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(700);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 700, height: 160 }),
    );
    await openStudio();
    await openTiming(1);
    // Sentence 1 (0.5–2.4 s) is shown from 0 to 3.1 s: 1.2 s lies at 700 × 1.2 / 3.1 px.
    const llega = screen.getByRole('slider', { name: 'Start of llega' });
    fireEvent.pointerDown(llega, { button: 0, pointerId: 1, clientX: 226 });
    expect(llega).toHaveFocus();
    fireEvent.pointerMove(llega, { pointerId: 1, clientX: (700 * 1.2) / 3.1 });
    fireEvent.pointerUp(llega, { pointerId: 1 });
    expect(llega).toHaveAttribute('aria-valuenow', '1.2');
    // Past its neighbour, it stops short of it.
    fireEvent.pointerDown(llega, { button: 0, pointerId: 1 });
    fireEvent.pointerMove(llega, { pointerId: 1, clientX: 690 });
    expect(llega).toHaveAttribute('aria-valuenow', '1.38');
    fireEvent.pointerUp(llega, { pointerId: 1 });
    // Once released, moving the pointer moves nothing.
    fireEvent.pointerMove(llega, { pointerId: 1, clientX: 10 });
    expect(llega).toHaveAttribute('aria-valuenow', '1.38');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('fills missing translations by machine, keeping what was typed meanwhile', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = await openStudio(chapterOf(), {
      [`POST ${api}/translations/prefill`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Fill missing translations' }));
    expect(screen.getByRole('button', { name: 'Translating…' })).toBeDisabled();
    await openTiming(2);
    await user.type(screen.getByRole('textbox', { name: 'Gloss of Hace' }), '!');
    const sent = sentBody<{ transcript: Transcript }>(
      fetchMock,
      'POST',
      `${api}/translations/prefill`,
    ).transcript;
    answer(
      json(200, {
        transcript: {
          segments: [
            sent.segments[0],
            {
              ...sent.segments[1],
              words: [
                { ...sent.segments[1]!.words[0]!, gloss: 'it does', glossSource: 'machine' },
                { ...sent.segments[1]!.words[1]!, gloss: 'sun', glossSource: 'machine' },
              ],
            },
          ],
        },
        report: {
          providers: ['apertium'],
          sentencesTranslated: [],
          sentencesFromMemory: 0,
          sentencesMissing: 1,
          glossesFilled: 2,
          failures: [
            {
              provider: 'apertium',
              message: 'the translator stopped (signal SIGKILL)',
              sentences: 1,
            },
          ],
        },
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Gloss of sol' })).toHaveValue('sun'),
    );
    expect(screen.getByRole('textbox', { name: 'Gloss of Hace' })).toHaveValue('it makes!');
    // It says exactly what was done, and the service's failure as an alert.
    expect(
      screen.getByText(
        'No sentence translated; 1 sentence still missing. 2 glosses filled from the dictionary.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Apertium failed: the translator stopped (signal SIGKILL) (1 sentence).',
    );
    expect(screen.getByRole('button', { name: 'Approve gloss of sol' })).toBeVisible();
  });

  it('says beside the button which service translates sentences', async () => {
    await openStudio();
    expect(
      screen.getByRole('button', { name: 'Fill missing translations' }),
    ).toHaveAccessibleDescription('Sentence translations: Apertium');
  });

  it('says that sentences need a translation service when none serves the site', async () => {
    const user = userEvent.setup();
    await openStudio(chapterOf({ translationServices: [] }), {
      [`POST ${api}/translations/prefill`]: (init) =>
        json(200, {
          transcript: bodyOf<{ transcript: Transcript }>(init).transcript,
          report: {
            providers: [],
            sentencesTranslated: [],
            sentencesFromMemory: 0,
            sentencesMissing: 2,
            glossesFilled: 0,
            failures: [],
          },
        }),
    });
    const fill = screen.getByRole('button', { name: 'Fill missing translations' });
    expect(fill).toHaveAccessibleDescription('No translation service: glosses only');
    await user.click(fill);
    expect(
      await screen.findByText(
        'No gloss filled. Sentences need a translation service: none is configured on this site — set TRANSLATE_APERTIUM, LIBRETRANSLATE_URL or DEEPL_API_KEY (see docs/operations.md).',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the keys documented on the page', async () => {
    await openStudio();
    const keys = screen.getByRole('heading', { name: 'Timing keys' }).parentElement!;
    expect(keys).toHaveTextContent('Move the selected word’s start by 10 ms');
    expect(keys).toHaveTextContent('Move it by 50 ms');
    expect(keys).toHaveTextContent('Tap-along: the next word starts now');
  });

  it('goes to the least confident place not yet visited with Next doubtful', async () => {
    const user = userEvent.setup();
    await openStudio();
    await user.click(screen.getByRole('button', { name: 'Next doubtful' }));
    const llega = await screen.findByRole('slider', { name: 'Start of llega' });
    await waitFor(() => expect(llega).toHaveFocus());
    expect(screen.getByText(/Doubtful word “llega” in sentence 1, confidence 20%/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next doubtful' }));
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Start of Hace' })).toHaveFocus(),
    );
    expect(screen.getByText(/Doubtful sentence 2, confidence 30%/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept sentence timing (30%)' }));
    expect(within(sentence(2)).queryByText(/Doubtful timing/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next doubtful' }));
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Start of mercado' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Accept timing of mercado' }));
    expect(screen.getByText('1 doubtful place')).toBeVisible();
    // The button stays where it was: the focus is on the row's Play, the announcement says so.
    expect(screen.getByRole('button', { name: 'Play word mercado' })).toHaveFocus();
    expect(screen.getByText('Timing of “mercado” accepted.')).toBeVisible();
  });

  it('says why each doubtful word is doubtful, beside it and on its start', async () => {
    const reasons = chapterOf({ transcript: doubtedFor('llega', 'departure') });
    const user = userEvent.setup();
    await openStudio(reasons);
    await user.click(screen.getByRole('button', { name: 'Next doubtful' }));
    const llega = await screen.findByRole('slider', { name: 'Start of llega' });
    const departure = 'Doubtful timing: the narration seems to depart from the text here.';
    expect(llega).toHaveAccessibleDescription(departure);
    expect(screen.getByText(departure)).toBeVisible();
    expect(
      screen.getByText(
        'Doubtful word “llega” in sentence 1, confidence 20%: the narration seems to depart from the text here.',
      ),
    ).toBeVisible();
    // "mercado" was aligned before the aligner gave reasons.
    expect(screen.getByRole('slider', { name: 'Start of mercado' })).toHaveAccessibleDescription(
      'Doubtful timing: the aligner is unsure of this word’s start.',
    );
    expect(screen.getByRole('slider', { name: 'Start of al' })).not.toHaveAccessibleDescription();
    expect(
      screen.getByRole('button', { name: 'Accept timing of llega' }),
    ).toHaveAccessibleDescription(departure);
  });

  it('accepts a doubtful word with T on its start, unsaved until saved, and goes to the next doubtful place', async () => {
    const reasons = chapterOf({ transcript: doubtedFor('llega', 'squeezed') });
    const user = userEvent.setup();
    const { fetchMock } = await openStudio(reasons);
    await user.click(screen.getByRole('button', { name: 'Next doubtful' }));
    const llega = await screen.findByRole('slider', { name: 'Start of llega' });
    await waitFor(() => expect(llega).toHaveFocus());

    await user.keyboard('t');
    expect(screen.queryByRole('button', { name: 'Accept timing of llega' })).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    expect(screen.getByText('2 doubtful places')).toBeVisible();
    // On to the least confident place left: sentence 2's timing.
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Start of Hace' })).toHaveFocus(),
    );
    expect(
      screen.getByText('Timing of “llega” accepted. Doubtful sentence 2, confidence 30%.'),
    ).toBeVisible();
    // There T accepts the sentence's timing; then mercado's, the last.
    await user.keyboard('t');
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Start of mercado' })).toHaveFocus(),
    );
    // Typing a T in a gloss is typing.
    const gloss = screen.getByRole('textbox', { name: 'Gloss of mercado' });
    await user.type(gloss, 'T');
    expect(gloss).toHaveValue('marketT');
    expect(screen.getByText('1 doubtful place')).toBeVisible();
    screen.getByRole('slider', { name: 'Start of mercado' }).focus();
    await user.keyboard('t');
    expect(
      screen.getByText('Timing of “mercado” accepted. No doubtful places left.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next doubtful' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save transcript' }));
    await screen.findByText('Saved as version 4.');
    const [first, second] = sentBody<SaveTranscriptRequest>(fetchMock, 'PUT', `${api}/transcript`)
      .transcript.segments;
    expect(first!.words[1]).not.toHaveProperty('confidence');
    expect(first!.words[1]).not.toHaveProperty('timingDoubt');
    expect(first!.words[3]).not.toHaveProperty('confidence');
    expect(second).not.toHaveProperty('confidence');
  });

  it('plays a word from its start and stops at its end', async () => {
    const user = userEvent.setup();
    await openStudio();
    await openTiming(1);
    await user.click(screen.getByRole('button', { name: 'Play word mercado' }));
    const audio = document.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(`/api/chapters/${chapterId}/audio?preview=1`);
    expect(env.media.play).toHaveBeenCalledOnce();
    expect(audio.currentTime).toBe(1.6);
    expect(screen.getByRole('button', { name: 'Play word mercado' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    act(() => env.media.advance(audio, 0.5));
    expect(env.media.pause).not.toHaveBeenCalled();
    act(() => env.media.advance(audio, 0.31));
    expect(env.media.pause).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Play word mercado' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('tap-along: plays from before the sentence and each press of Space starts the next word', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openStudio();
    await openTiming(1);
    await user.click(screen.getByRole('button', { name: 'Start tap-along' }));
    const audio = document.querySelector('audio')!;
    expect(audio.currentTime).toBe(0);
    expect(env.media.play).toHaveBeenCalledOnce();
    expect(screen.getByText(/Tap-along: press/)).toHaveTextContent('Next: Lucía');

    act(() => env.media.advance(audio, 0.62));
    await user.keyboard(' ');
    act(() => env.media.advance(audio, 0.5));
    await user.keyboard('j');
    expect(screen.getByText(/Tap-along: press/)).toHaveTextContent('Next: al');
    expect(screen.getByRole('slider', { name: 'Start of Lucía' })).toHaveAttribute(
      'aria-valuenow',
      '0.62',
    );
    expect(screen.getByRole('slider', { name: 'Start of llega' })).toHaveAttribute(
      'aria-valuenow',
      '1.12',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/Tap-along: press/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start tap-along' })).toBeVisible();
    // Space no longer taps.
    await user.keyboard(' ');
    expect(screen.getByRole('slider', { name: 'Start of al' })).toHaveAttribute(
      'aria-valuenow',
      '1.4',
    );
    expect(requestsTo(fetchMock, 'PUT', `${api}/transcript`)).toHaveLength(0);
  });

  it('tap-along carries on into the next sentence, which opens with the focus on Stop', async () => {
    const user = userEvent.setup();
    await openStudio();
    await openTiming(1);
    await user.click(screen.getByRole('button', { name: 'Start tap-along' }));
    const audio = document.querySelector('audio')!;
    for (const seconds of [0.6, 0.4, 0.3, 0.3]) {
      act(() => env.media.advance(audio, seconds));
      await user.keyboard('j');
    }
    expect(
      await screen.findByRole('group', { name: 'Word starts of sentence 2' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Word starts of sentence 1' })).toBeNull();
    expect(screen.getByText(/Tap-along: press/)).toHaveTextContent('Next: Hace');
    expect(screen.getByRole('button', { name: 'Stop tap-along' })).toHaveFocus();
    // The taps of sentence 1 are kept.
    await user.click(within(sentence(1)).getByRole('button', { name: 'Words and timing' }));
    expect(screen.getByRole('slider', { name: 'Start of mercado' })).toHaveAttribute(
      'aria-valuenow',
      '1.6',
    );
    expect(screen.getByRole('slider', { name: 'Start of al' })).toHaveAttribute(
      'aria-valuenow',
      '1.3',
    );
  });

  it('re-aligns one sentence with the unsaved edits and takes its new times', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openStudio(chapterOf(), {
      [`POST ${api}/realign-segment`]: () =>
        json(200, {
          segment: {
            ...transcript.segments[1],
            start: 3.1,
            end: 4.3,
            confidence: 0.95,
            words: [
              { id: 'w5', text: 'Hace', start: 3.1, end: 3.6, confidence: 0.9 },
              { id: 'w6', text: 'sol', start: 3.6, end: 4.3, confidence: 0.9 },
            ],
          },
        }),
    });
    await openTiming(2);
    await user.type(screen.getByRole('textbox', { name: 'Gloss of sol' }), 'sun');
    await user.click(screen.getByRole('button', { name: 'Re-align sentence' }));
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Start of Hace' })).toHaveAttribute(
        'aria-valuenow',
        '3.1',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Gloss of sol' })).toHaveValue('sun');
    expect(within(sentence(2)).queryByText(/Doubtful timing/)).toBeNull();
    const body = sentBody<{ segmentId: string; transcript: Transcript }>(
      fetchMock,
      'POST',
      `${api}/realign-segment`,
    );
    expect(body.segmentId).toBe('s2');
    expect(body.transcript.segments[1]!.words[1]!.gloss).toBe('sun');
  });

  it('on a conflict says someone else saved and reloads their version on request', async () => {
    const user = userEvent.setup();
    const theirs = chapterOf({
      version: 5,
      transcript: {
        segments: [{ ...transcript.segments[0]!, translation: 'Their translation' }],
      },
    });
    let current = chapterOf();
    await openStudio(current, {
      [`GET ${api}/studio`]: () => json(200, current),
      [`PUT ${api}/transcript`]: () => {
        current = theirs;
        return json(409, {
          error: { code: 'CONFLICT', message: 'Someone saved a newer version (5)' },
        });
      },
    });
    await user.click(within(sentence(1)).getByRole('button', { name: 'Approve translation' }));
    await user.click(screen.getByRole('button', { name: 'Save transcript' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this chapter');
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    await user.click(within(alert).getByRole('button', { name: 'Reload latest version' }));
    expect(await screen.findByText('Saved · version 5')).toBeVisible();
    expect(within(sentence(1)).getByRole('textbox', { name: 'English translation' })).toHaveValue(
      'Their translation',
    );
    expect(screen.queryByRole('article', { name: 'Sentence 2' })).toBeNull();
    expect(screen.queryByText('Someone else saved this chapter')).toBeNull();
  });

  it('shows the server’s refusal in words, each problem where it is', async () => {
    const user = userEvent.setup();
    await openStudio(chapterOf(), {
      [`PUT ${api}/transcript`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The transcript cannot be saved',
            details: {
              issues: [
                {
                  path: '/transcript/segments/0/words/1/start',
                  message: 'A word starts before the word before it.',
                },
              ],
            },
          },
        }),
    });
    await user.click(within(sentence(1)).getByRole('button', { name: 'Approve translation' }));
    await user.click(screen.getByRole('button', { name: 'Save transcript' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The transcript was not saved');
    expect(alert).toHaveTextContent(
      'Sentence 1, word 2 “llega”: A word starts before the word before it.',
    );
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('lists versions newest first and restores one after confirming', async () => {
    const user = userEvent.setup();
    const restored = chapterOf({
      version: 4,
      transcript: { segments: [{ ...transcript.segments[1]!, text: 'Hace frío.' }] },
    });
    const { fetchMock } = await openStudio(chapterOf(), {
      [`POST ${api}/transcript/versions/2/restore`]: () => json(200, restored),
    });
    const list = await screen.findByRole('heading', { name: 'Versions' });
    const items = within(list.parentElement!).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual([
      'Version 3Current',
      'Version 2',
      'Version 1',
    ]);
    expect(items[0]).toHaveTextContent('Edited by Ada Admin');
    expect(items[1]).toHaveTextContent('Aligned ·');
    expect(items[2]).toHaveTextContent('First upload');
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restore version 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 2?' });
    expect(requestsTo(fetchMock, 'POST', `${api}/transcript/versions/2/restore`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Saved · version 4')).toBeVisible();
    expect(spanishOf(sentence(1))).toHaveTextContent('Hace frío.');
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    await openStudio();
    await user.click(within(sentence(1)).getByRole('button', { name: 'Approve translation' }));
    await user.click(screen.getByRole('link', { name: 'Back to content' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { level: 1, name: 'La llegada' })).toBeVisible();
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back to content' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content Management' }),
    ).toBeVisible();
  });
});

describe('alignment', () => {
  const noTranscript = chapterOf({
    transcript: null,
    version: null,
    summary: { segments: 0, words: 0, segmentsNeedingTranslation: 0, wordsNeedingGloss: 0 },
  });

  it('leads the page without a transcript: text in, progress polled each second, cancel', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    let job = jobOf();
    const { fetchMock } = await openStudio(noTranscript, {
      [`POST ${api}/alignment`]: () => json(202, { job }),
      [`GET /api/admin/jobs/${jobId}`]: () => json(200, { job }),
      [`POST /api/admin/jobs/${jobId}/cancel`]: () => json(200, { job }),
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Align the recording with its text' }),
    ).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
    expect(
      screen.getByText('No transcript yet: align the recording with its text below.'),
    ).toBeVisible();
    expect(fact('Translations to approve')).toHaveTextContent('—');

    await user.click(screen.getByRole('button', { name: 'Start alignment' }));
    expect(
      await screen.findByText('Paste the chapter’s Spanish text or load a file'),
    ).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', `${api}/alignment`)).toHaveLength(0);

    const text = 'Lucía llega al mercado.\n\nHace sol.';
    await user.type(screen.getByRole('textbox', { name: 'Spanish text' }), text);
    await user.click(screen.getByRole('button', { name: 'Start alignment' }));
    const progress = await screen.findByRole('progressbar', { name: 'Alignment progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Waiting to start…')).toBeVisible();
    expect(sentBody(fetchMock, 'POST', `${api}/alignment`)).toEqual({ text, language: 'es' });
    expect(screen.getByRole('button', { name: 'Start alignment' })).toBeDisabled();

    job = jobOf({ status: 'running', stage: 'Aligning sentences', progress: 0.42 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '42'));
    expect(screen.getByText('Aligning sentences')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cancel alignment' }));
    expect(await screen.findByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'POST', `/api/admin/jobs/${jobId}/cancel`)).toHaveLength(1);

    job = jobOf({ status: 'cancelled', stage: 'Aligning sentences', progress: 0.5 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('Cancelled')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start alignment' })).toBeEnabled();
    // A finished job is not asked again.
    const polls = requestsTo(fetchMock, 'GET', `/api/admin/jobs/${jobId}`).length;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(requestsTo(fetchMock, 'GET', `/api/admin/jobs/${jobId}`)).toHaveLength(polls);
  });

  it('follows a job already running, then loads the aligned version when it succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let job = jobOf({ status: 'running', stage: 'Decoding the recording', progress: 0.1 });
    let chapter = noTranscript;
    await openStudio(noTranscript, {
      [`GET ${api}/studio`]: () => json(200, chapter),
      [`GET ${api}/alignment`]: () => json(200, { job }),
      [`GET /api/admin/jobs/${jobId}`]: () => json(200, { job }),
    });
    expect(await screen.findByText('Decoding the recording')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Alignment progress' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );

    chapter = chapterOf({ version: 1 });
    job = jobOf({
      status: 'succeeded',
      progress: 1,
      result: { version: 1, segments: 2, words: 6, leadingNonSpeechSeconds: 2.4, doubtfulWords: 2 },
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('article', { name: 'Sentence 1' })).toBeVisible();
    expect(screen.getByText('Saved · version 1')).toBeVisible();
    expect(
      screen.getByText(
        '2 sentences and 6 words aligned as version 1. 2.4 s of music or silence before the first word. 2 doubtful words to check (Next doubtful).',
      ),
    ).toBeVisible();
  });

  it('loads the aligned version when the alignment ended just after the chapter was read', async () => {
    // The wizard's alignment finishing as the studio opens: the chapter is read without a
    // transcript, the latest job answers already succeeded.
    let chapter = noTranscript;
    const job = jobOf({
      status: 'succeeded',
      progress: 1,
      result: { version: 1, segments: 2, words: 6, leadingNonSpeechSeconds: 0, doubtfulWords: 0 },
    });
    await openStudio(noTranscript, {
      [`GET ${api}/studio`]: () => {
        const answer = json(200, chapter);
        chapter = chapterOf({ version: 1 });
        return answer;
      },
      [`GET ${api}/alignment`]: () => json(200, { job }),
    });
    expect(await screen.findByRole('article', { name: 'Sentence 1' })).toBeVisible();
    expect(screen.getByText('Saved · version 1')).toBeVisible();
  });

  it('shows why the latest alignment failed', async () => {
    await openStudio(noTranscript, {
      [`GET ${api}/alignment`]: () =>
        json(200, {
          job: jobOf({
            status: 'failed',
            error: 'The recording does not say this text.',
            finishedAt: '2025-06-01T10:01:00.000Z',
          }),
        }),
      [`GET /api/admin/jobs/${jobId}`]: () =>
        json(200, {
          job: jobOf({ status: 'failed', error: 'The recording does not say this text.' }),
        }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The recording does not say this text.',
    );
  });

  it('loads a transcript file, keeping its translations, and sends its sentences', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openStudio(noTranscript, {
      [`POST ${api}/alignment`]: () => json(202, { job: jobOf() }),
      [`GET /api/admin/jobs/${jobId}`]: () => json(200, { job: jobOf() }),
    });
    const file = new File([JSON.stringify(transcript)], 'la-llegada.json', {
      type: 'application/json',
    });
    await user.upload(screen.getByLabelText('Text or transcript file'), file);
    expect(await screen.findByText('la-llegada.json')).toBeVisible();
    expect(screen.getByText(/2 sentences; 2 translations and 5 glosses kept/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Spanish text' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start alignment' }));
    await screen.findByRole('progressbar', { name: 'Alignment progress' });
    const body = sentBody<{ text?: string; transcript: Transcript }>(
      fetchMock,
      'POST',
      `${api}/alignment`,
    );
    expect(body.text).toBeUndefined();
    expect(body.transcript.segments[0]).toMatchObject({
      id: 's1',
      start: 0,
      translation: 'Lucía arrives at the market.',
    });
    expect(body.transcript.segments[0]!.words[1]).toEqual({
      id: 'w2',
      text: 'llega',
      start: 0,
      end: 0,
      gloss: 'arrives',
      glossSource: 'machine',
    });
  });

  it('refuses a file it cannot read, saying why', async () => {
    const user = userEvent.setup();
    await openStudio(noTranscript);
    await user.upload(
      screen.getByLabelText('Text or transcript file'),
      new File(['{"title": "x"}'], 'story.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /story\.json: The transcript does not have the expected shape/,
    );
  });

  it('fills the text box from a .txt file', async () => {
    const user = userEvent.setup();
    await openStudio(noTranscript);
    await user.upload(
      screen.getByLabelText('Text or transcript file'),
      new File(['Hola.\nAdiós.'], 'texto.txt', { type: 'text/plain' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Spanish text' })).toHaveValue('Hola.\nAdiós.'),
    );
  });

  it('without audio, says to add the recording first', async () => {
    const { fetchMock } = await openStudio({ ...noTranscript, audio: null });
    expect(screen.getByRole('heading', { name: 'No recording yet' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start alignment' })).toBeNull();
    expect(fact('Duration')).toHaveTextContent('No audio yet');
    await settle();
    expect(requestsTo(fetchMock, 'GET', `${api}/waveform`)).toHaveLength(0);
    expect(document.querySelector('audio')).toBeNull();
  });
});
