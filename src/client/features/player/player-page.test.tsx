// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleepOff } from '#shared/player/listening-assist';
import { sleepTimerStore } from '#client/components/listening/assist/assist-store';
import { reloadPage } from '#client/components/listening/player-error-page';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { PREVIEW_BANNER_TEXT } from '#client/components/story/preview-banner';
import { getErrorLog } from '#client/lib/error-log';
import { toast } from '#client/lib/toast';
import {
  adminFixture,
  json,
  renderApp,
  sessionOf,
  stubApi,
  storyFixture,
  userFixture,
} from '#client/test/render-app';
import { settle } from '#client/test/settle';
import { waitingEntries } from '#client/test/waiting-entries';
import {
  chapter,
  chapterId,
  chapterRoutes,
  type FakeMedia,
  setUpPlayerPage,
  storySummary,
  syncedProgress,
  tearDownPlayerPage,
  transcript,
  transcriptLines,
  transcriptWord,
  autoPlayNextPreferences,
} from './player-test-setup';

const { chapters } = storyFixture;
const nextChapterId = chapters[1]!.id;

let media: FakeMedia;

beforeEach(() => {
  media = setUpPlayerPage();
  // The sleep timer lives in the page's memory, which these tests share.
  sleepTimerStore.set(sleepOff);
});

afterEach(() => {
  cleanup();
  tearDownPlayerPage(media);
});

const audioOf = (container: HTMLElement) => container.querySelector('audio')!;

async function openPlayer(
  routes: Parameters<typeof stubApi>[0] = {},
  path = `/player/${chapterId}`,
) {
  const fetchMock = stubApi({ ...chapterRoutes, ...routes });
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'La llegada' });
  await screen.findByRole('list', { name: 'Transcript of La llegada' });
  return { ...view, fetchMock };
}

describe('player page', () => {
  it('shows the chapter, its story, the audio (metadata only) and the transcript', async () => {
    const { container } = await openPlayer();
    expect(document.title).toBe('Relatos — La llegada — El mercado');
    expect(screen.getByText('El mercado')).toBeInTheDocument();

    const audio = audioOf(container);
    // The player takes its element over in a transition (decision 037).
    await waitFor(() => expect(audio).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`));
    expect(audio).toHaveAttribute('preload', 'metadata');
    expect(audio).toHaveAccessibleName('Audio: La llegada');

    const transcriptRegion = screen.getByRole('region', { name: 'Transcript' });
    const lines = within(transcriptRegion).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Lucía llega al mercado.');
    expect(transcriptWord('mercado').closest('p')).toHaveAttribute('lang', 'es');
    expect(within(transcriptRegion).getByText('1 de 2')).toBeInTheDocument();

    // Controls of the bottom player.
    const player = screen.getByRole('region', { name: 'Audio player' });
    expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(player).getByRole('slider', { name: 'Seek' })).toHaveAttribute(
      'aria-valuetext',
      '0:00 of 1:15',
    );
    expect(within(player).getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1');
  });

  it('clicking a word seeks to it, plays, and shows its gloss below it', async () => {
    const { container, fetchMock } = await openPlayer();
    const audio = audioOf(container);
    fireEvent.click(transcriptWord('mercado'));

    expect(audio.currentTime).toBe(1.3);
    expect(media.play).toHaveBeenCalled();
    expect(audio.paused).toBe(false);
    const popup = await screen.findByRole('dialog', { name: 'mercado' });
    expect(await within(popup).findByText('market')).toBeInTheDocument();
    expect(within(popup).getByText('From the story')).toBeInTheDocument();
    // The transcript's own gloss needs no request.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/translate')).toBe(false);
    // The active word and line follow the clock.
    expect(transcriptWord('mercado')).toHaveAttribute('data-active');
    expect(transcriptLines()[0]).toHaveAttribute('aria-current', 'true');
  });

  it('lights the line, not the word, of a word whose published timing is doubtful, and plays it from its line', async () => {
    // "Hace" (line 2) was left doubtful by the aligner when the chapter was published.
    const doubtful = {
      segments: transcript.segments.map((segment) => ({
        ...segment,
        words: segment.words.map((word) =>
          word.text === 'Hace' ? { ...word, confidence: 0.2, timingDoubt: 'low-match' } : word,
        ),
      })),
    };
    const { container } = await openPlayer({
      [`GET /api/chapters/${chapterId}/transcript`]: () => json(200, doubtful),
    });
    const audio = audioOf(container);
    // The player takes its element over in a transition (decision 037): clicks seek after that.
    await waitFor(() => expect(audio).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`));
    fireEvent.click(transcriptWord('Hace'));
    expect(audio.currentTime).toBe(3.2);
    expect(media.play).toHaveBeenCalled();
    // The highlight is drawn at the clock when playback pauses (jsdom runs no animation frames).
    const pauseAfter = (seconds: number) =>
      act(() => {
        media.advance(audio, seconds);
        audio.pause();
      });
    pauseAfter(0.3); // 3.5 s: "Hace" is being said
    expect(transcriptLines()[1]).toHaveAttribute('aria-current', 'true');
    expect(container.querySelector('[data-active]')).toBeNull();
    act(() => void audio.play());
    pauseAfter(0.4); // 3.9 s: "sol" is lit as before
    expect(transcriptWord('sol')).toHaveAttribute('data-active');
  });

  it('asks the server for a word without a gloss, and labels machine translations', async () => {
    const { fetchMock } = await openPlayer({
      'POST /api/translate': () => json(200, { translation: 'arrives', source: 'api' }),
    });
    fireEvent.click(transcriptWord('llega'));
    const popup = await screen.findByRole('dialog', { name: 'llega' });
    expect(await within(popup).findByText('arrives')).toBeInTheDocument();
    expect(within(popup).getByText('Machine translation')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/translate')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      text: 'llega',
      sourceLanguage: 'es',
      chapterId,
      segmentId: 's1',
      wordId: 'w2',
    });
  });

  it.each([
    [
      503,
      { error: { code: 'SERVICE_UNAVAILABLE', message: 'No provider' } },
      'llega (translation unavailable)',
    ],
    [500, { error: { code: 'INTERNAL', message: 'boom' } }, 'llega (translation service error)'],
    [200, { translation: '', source: 'dictionary' }, 'llega (no translation received)'],
  ])('shows translation failures inline (%i)', async (status, body, text) => {
    await openPlayer({ 'POST /api/translate': () => json(status, body) });
    fireEvent.click(transcriptWord('llega'));
    const popup = await screen.findByRole('dialog', { name: 'llega' });
    expect(await within(popup).findByText(text)).toBeInTheDocument();
  });

  it('closes the word popup with Escape and by a click elsewhere', async () => {
    await openPlayer();
    fireEvent.click(transcriptWord('mercado'));
    await screen.findByRole('dialog', { name: 'mercado' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(transcriptWord('mercado'));
    await screen.findByRole('dialog', { name: 'mercado' });
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows a line's translation under it with the line's button", async () => {
    await openPlayer();
    const button = screen.getByRole('button', { name: 'Translate line 1 of 2' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    const line = transcriptLines()[0]!;
    const slot = line.querySelector<HTMLElement>('[data-slot]')!;
    expect(await within(slot).findByText('Lucía arrives at the market.')).toBeInTheDocument();
    expect(within(slot).getByText('From the story')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(button);
    expect(slot).toBeEmptyDOMElement();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on a line seeks to its start without starting playback', async () => {
    const { container } = await openPlayer();
    const audio = audioOf(container);
    fireEvent.click(transcriptLines()[1]!);
    expect(audio.currentTime).toBe(3.2);
    expect(media.play).not.toHaveBeenCalled();
    expect(screen.getByText('2 de 2')).toBeInTheDocument();
  });

  it('plays, skips ±10 s (clamped), changes speed, and seeks from the bar and its keys', async () => {
    const { container } = await openPlayer();
    const audio = audioOf(container);
    const player = screen.getByRole('region', { name: 'Audio player' });
    fireEvent.click(within(player).getByRole('button', { name: 'Play' }));
    expect(audio.paused).toBe(false);
    expect(within(player).getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    fireEvent.click(within(player).getByRole('button', { name: 'Forward 10 seconds' }));
    expect(audio.currentTime).toBe(10);
    fireEvent.click(within(player).getByRole('button', { name: 'Back 10 seconds' }));
    fireEvent.click(within(player).getByRole('button', { name: 'Back 10 seconds' }));
    expect(audio.currentTime).toBe(0);

    fireEvent.change(within(player).getByRole('combobox', { name: 'Playback speed' }), {
      target: { value: '1.5' },
    });
    expect(audio.playbackRate).toBe(1.5);

    const slider = within(player).getByRole('slider', { name: 'Seek' });
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      width: 300,
      top: 0,
      bottom: 10,
      right: 400,
      height: 10,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(slider, { clientX: 250, button: 0, pointerId: 1 });
    expect(audio.currentTime).toBe(37.5);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(audio.currentTime).toBe(75);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(70);
  });

  it('has keyboard shortcuts, ignored while typing', async () => {
    const { container } = await openPlayer();
    const audio = audioOf(container);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(audio.paused).toBe(false);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(10);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(0);
    fireEvent.keyDown(document.body, { key: ']' });
    expect(audio.playbackRate).toBe(1.25);
    fireEvent.keyDown(document.body, { key: '[' });
    fireEvent.keyDown(document.body, { key: '[' });
    expect(audio.playbackRate).toBe(0.75);
    fireEvent.keyDown(document.body, { key: '?' });
    // The popover is a dialog, named by its title for screen readers.
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();

    const input = document.createElement('textarea');
    document.body.append(input);
    fireEvent.keyDown(input, { key: ' ' });
    expect(audio.paused).toBe(false);
    input.remove();
  });

  it('moves between words with the arrow keys and opens the popup with Enter', async () => {
    const { container } = await openPlayer();
    const first = transcriptWord('Lucía');
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(transcriptWord('llega')).toHaveFocus();
    expect(transcriptWord('llega')).toHaveAttribute('tabindex', '0');
    expect(first).not.toHaveAttribute('tabindex');
    fireEvent.keyDown(transcriptWord('llega'), { key: 'ArrowDown' });
    expect(transcriptWord('Hace')).toHaveFocus();
    // The arrows did not skip the audio.
    expect(audioOf(container).currentTime).toBe(0);

    fireEvent.keyDown(transcriptWord('Hace'), { key: 'Enter' });
    expect(audioOf(container).currentTime).toBe(3.4);
    const popup = await screen.findByRole('dialog', { name: 'Hace' });
    expect(popup).toHaveFocus();
    fireEvent.keyDown(popup, { key: 'Escape' });
    expect(transcriptWord('Hace')).toHaveFocus();
  });

  it('changes the text size within 12–24 px and remembers the reading palette', async () => {
    await openPlayer();
    const larger = screen.getByRole('button', { name: 'Larger text' });
    for (let i = 0; i < 6; i += 1) fireEvent.click(larger);
    expect(screen.getByText('Text 24px')).toBeInTheDocument();
    expect(larger).toBeDisabled();
    fireEvent.click(screen.getByRole('switch', { name: 'Night mode' }));
    expect(screen.getByRole('switch', { name: 'Night mode' })).toBeChecked();
    expect(JSON.parse(localStorage.getItem('relatos.reading')!)).toMatchObject({
      textSize: 24,
      palette: 'dark',
    });
    expect(document.querySelector('[data-palette]')).toHaveAttribute('data-palette', 'dark');
  });

  it('shows every line translation with the switch', async () => {
    await openPlayer();
    const region = screen.getByRole('region', { name: 'Transcript' });
    const wrapper = region.querySelector('[data-show-translations], [style]')!;
    expect(wrapper).not.toHaveAttribute('data-show-translations');
    fireEvent.click(screen.getByRole('switch', { name: 'Show translations' }));
    expect(wrapper).toHaveAttribute('data-show-translations');
  });

  it('offers the neighbouring chapters of the story', async () => {
    await openPlayer();
    const nav = await screen.findByRole('navigation', { name: 'Chapters of this story' });
    expect(within(nav).getByText('1 of 2')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Next/ })).toHaveAttribute(
      'href',
      `/player/${nextChapterId}`,
    );
  });

  it('plays without synchronisation when the transcript is missing', async () => {
    stubApi({
      ...chapterRoutes,
      [`GET /api/chapters/${chapterId}/transcript`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Transcript unavailable' } }),
    });
    const { container } = renderApp(`/player/${chapterId}`);
    await screen.findByRole('heading', { level: 1, name: 'La llegada' });
    const list = await screen.findByRole('list', { name: 'Transcript of La llegada' });
    expect(within(list).getByText('Transcript unavailable')).toBeInTheDocument();
    expect(audioOf(container)).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`);
  });

  it('does not fetch a transcript the chapter does not have', async () => {
    const fetchMock = stubApi({
      ...chapterRoutes,
      [`GET /api/chapters/${chapterId}`]: () =>
        json(200, { chapter: { ...chapter, hasTranscript: false } }),
    });
    renderApp(`/player/${chapterId}`);
    const list = await screen.findByRole('list', { name: 'Transcript of La llegada' });
    expect(within(list).getByText('Transcript unavailable')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/transcript'))).toBe(false);
  });

  it('logs an audio load failure', async () => {
    const { container } = await openPlayer();
    fireEvent.error(audioOf(container));
    expect(getErrorLog()[0]).toMatchObject({ code: 'AUDIO_LOAD_ERROR', context: { chapterId } });
    expect(await screen.findByText('The audio could not be loaded.')).toBeInTheDocument();
  });

  it('shows the not-found page with ways back for an unknown chapter', async () => {
    stubApi({});
    const reload = vi.spyOn(reloadPage, 'reload').mockImplementation(() => undefined);
    renderApp('/player/44444444-4444-4444-8444-444444444444');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Chapter not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Library' })).toHaveAttribute(
      'href',
      '/library',
    );
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
  });

  it('treats an address that is not a chapter id as not found', async () => {
    const fetchMock = stubApi({});
    renderApp('/player/not-an-id');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story Not Found' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/chapters'))).toBe(
      false,
    );
  });

  it.each([
    [
      () => json(500, { error: { code: 'INTERNAL', message: 'Internal error' } }),
      'Something Went Wrong',
    ],
    [
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Connection Problem',
    ],
  ])('chooses the error page by the failure (%#)', async (handler, title) => {
    stubApi({ [`GET /api/chapters/${chapterId}`]: handler });
    renderApp(`/player/${chapterId}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Failed to load chapter. Please try again later.')).toBeInTheDocument();
  });

  it('sends a visitor to sign in for a story that needs an account', async () => {
    stubApi({
      [`GET /api/chapters/${chapterId}`]: () =>
        json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in required' } }),
    });
    renderApp(`/player/${chapterId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it('asks visitors to sign in for bookmarks', async () => {
    await openPlayer();
    const panel = screen.getByRole('region', { name: 'Bookmarks' });
    expect(within(panel).getByText(/Sign in to bookmark/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: /Bookmark line/ })).not.toBeInTheDocument();
  });

  it('starts at ?t= from a "Listen from here" link, about 1 s after load', async () => {
    const { container } = await openPlayer({}, `/player/${chapterId}?t=3.2`);
    const audio = audioOf(container);
    expect(audio.currentTime).toBe(0);
    await waitFor(() => expect(audio.currentTime).toBe(3.2));
  });
});

describe('player page, signed in', () => {
  const bookmark = {
    id: '66666666-6666-4666-8666-666666666666',
    chapterId,
    positionSeconds: 3.2,
    segmentId: 's2',
    note: 'Weather words',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
  const signedIn = {
    'GET /api/auth/session': sessionOf(userFixture),
    'GET /api/me/preferences': () =>
      json(200, {
        preferences: {
          playbackSpeed: 1.25,
          autoPlayNext: false,
          showTranslations: true,
          preferredLanguage: 'en',
          theme: 'auto',
          updatedAt: null,
        },
      }),
    [`GET /api/progress?chapterIds=${chapterId}`]: syncedProgress,
    [`GET /api/chapters/${chapterId}/vocabulary`]: () =>
      json(200, { knownPercentage: 80, newWordIds: ['w4'] }),
    [`GET /api/bookmarks?chapterId=${chapterId}`]: () => json(200, { bookmarks: [bookmark] }),
    'POST /api/progress': () => json(200, { applied: true, progress: {}, newAchievements: [] }),
  };

  it('uses the preferences, resumes the saved position and shows vocabulary', async () => {
    const { container } = await openPlayer(signedIn);
    const audio = audioOf(container);
    await waitFor(() => expect(audio.playbackRate).toBe(1.25));
    expect(
      await screen.findByText('You know 80% of the words in this chapter'),
    ).toBeInTheDocument();
    await waitFor(() => expect(transcriptWord('mercado')).toHaveAttribute('data-new'));
    expect(transcriptWord('llega')).not.toHaveAttribute('data-new');
    expect(screen.getByRole('switch', { name: 'Mark new words' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show translations' })).toBeChecked();
    await waitFor(() => expect(audio.currentTime).toBe(30));
  });

  it('saves the position on pause, through the learner-sync engine, with keepalive', async () => {
    const { container, fetchMock } = await openPlayer(signedIn);
    const audio = audioOf(container);
    // The learner's player is ready: the session is known (bookmarks offered) and the audio set.
    await screen.findByRole('button', { name: 'Add bookmark' });
    await waitFor(() => expect(audio).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`));
    act(() => {
      void audio.play();
      media.advance(audio, 12.5);
      audio.pause();
    });
    const saves = () =>
      fetchMock.mock.calls
        .filter(([url]) => url === '/api/progress')
        .map(([, init]) => ({
          ...(JSON.parse(init!.body as string) as object),
          keepalive: init!.keepalive,
        }));
    await waitFor(() =>
      expect(saves().at(-1)).toMatchObject({
        chapterId,
        positionSeconds: 12.5,
        durationSeconds: 75,
        keepalive: true,
      }),
    );
    // Delivered: nothing of it waits in the browser any more (decision 057).
    await waitFor(() => expect(waitingEntries('progress', userFixture.id)).toEqual([]));
  });

  it('announces what a save and a listening report earn: a toast each', async () => {
    const success = vi.spyOn(toast, 'success');
    // The server names an achievement once, with the save that earned it.
    let saves = 0;
    const { container } = await openPlayer({
      ...signedIn,
      'POST /api/progress': () => {
        saves += 1;
        const newAchievements = saves === 1 ? ['first_chapter'] : [];
        return json(200, { applied: true, progress: {}, newAchievements });
      },
      'POST /api/progress/listening': () =>
        json(200, { listenedSeconds: 3600, newAchievements: ['sixty_minutes'] }),
    });
    const audio = audioOf(container);
    await screen.findByRole('button', { name: 'Add bookmark' });
    await waitFor(() => expect(audio).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`));
    act(() => {
      void audio.play();
      // The listening count starts at the first position played, then counts what follows.
      media.advance(audio, 1);
      media.advance(audio, 3);
      audio.pause();
    });
    await waitFor(() =>
      expect(success.mock.calls.map(([title]) => title).sort()).toEqual([
        'Achievement unlocked: First Steps',
        'Achievement unlocked: One Hour of Spanish',
      ]),
    );
  });

  it('saves the end of the chapter as its whole length, then goes back to the start', async () => {
    const saved: unknown[] = [];
    const { container } = await openPlayer({
      ...signedIn,
      'POST /api/progress': (init) => {
        saved.push(JSON.parse(init!.body as string));
        return json(200, { applied: true, progress: {}, newAchievements: [] });
      },
    });
    const audio = audioOf(container);
    // The resumed position is saved once its seek settles.
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ positionSeconds: 30 }));
    const before = saved.length;
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(audio.currentTime).toBe(0);
    await waitFor(() => expect(saved).toHaveLength(before + 1));
    expect(saved.at(-1)).toMatchObject({ chapterId, positionSeconds: 75, durationSeconds: 75 });
    // The end offers the chapter's exercises (issue 25), announced under the transcript.
    const offer = screen.getByTestId('practice-offer');
    expect(within(offer).getByRole('status')).toHaveTextContent('You finished this chapter');
    expect(within(offer).getByRole('link', { name: 'Practise this chapter' })).toHaveAttribute(
      'href',
      `/practice/${chapterId}`,
    );
    // A chapter without comprehension questions offers none.
    expect(within(offer).queryByRole('link', { name: /Check your understanding/ })).toBeNull();
  });

  it('offers the chapter’s comprehension questions beside its exercises when it has some (decision 069)', async () => {
    const question = { options: ['Sí', 'No'], correctOption: 0, segmentId: null };
    const { container } = await openPlayer({
      [`GET /api/chapters/${chapterId}`]: () =>
        json(200, {
          chapter: {
            ...chapter,
            questions: [
              { ...question, text: '¿Llega Lucía?' },
              { ...question, text: '¿Hace sol?' },
            ],
          },
        }),
    });
    expect(
      screen.queryByRole('link', { name: /Check your understanding/ }),
    ).not.toBeInTheDocument();
    act(() => {
      audioOf(container).dispatchEvent(new Event('ended'));
    });
    const offer = await screen.findByTestId('practice-offer');
    expect(
      within(offer).getByRole('link', { name: 'Check your understanding (2 questions)' }),
    ).toHaveAttribute('href', `/questions/${chapterId}`);
    expect(within(offer).getByRole('link', { name: 'Practise this chapter' })).toBeVisible();
  });

  it('edits and deletes a bookmark', async () => {
    const calls: Array<[string, unknown]> = [];
    await openPlayer({
      ...signedIn,
      [`PATCH /api/bookmarks/${bookmark.id}`]: (init) => {
        const body = JSON.parse(init!.body as string) as { note: string | null };
        calls.push(['PATCH', body]);
        return json(200, { bookmark: { ...bookmark, note: body.note } });
      },
      [`DELETE /api/bookmarks/${bookmark.id}`]: () => {
        calls.push(['DELETE', null]);
        return new Response(null, { status: 204 });
      },
    });
    const panel = screen.getByRole('region', { name: 'Bookmarks' });
    await within(panel).findByText('Weather words');
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit the note at 0:03' }));
    fireEvent.change(within(panel).getByLabelText('Note at 0:03'), {
      target: { value: 'Sunny days' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(within(panel).getByText('Sunny days', { selector: 'p' })).toBeInTheDocument(),
    );
    expect(within(panel).queryByRole('textbox', { name: 'Note at 0:03' })).not.toBeInTheDocument();
    // The edit says when it was made, so an older one sent late never overwrites it.
    expect(calls[0]).toEqual([
      'PATCH',
      { note: 'Sunny days', editedAt: expect.any(Number), sentAt: expect.any(Number) },
    ]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Delete the bookmark at 0:03' }));
    expect(await within(panel).findByText('No bookmarks in this chapter yet.')).toBeInTheDocument();
    expect(calls[1]).toEqual(['DELETE', null]);
  });

  it('starts the next chapter by itself at the end when the preference says so', async () => {
    const next = { ...chapters[1]!, hasTranscript: false, story: storySummary };
    const { container } = await openPlayer({
      ...signedIn,
      'GET /api/me/preferences': autoPlayNextPreferences,
      [`GET /api/chapters/${nextChapterId}`]: () => json(200, { chapter: next }),
      [`GET /api/progress?chapterIds=${nextChapterId}`]: () => json(200, { progress: [] }),
      [`GET /api/bookmarks?chapterId=${nextChapterId}`]: () => json(200, { bookmarks: [] }),
    });
    const audio = audioOf(container);
    await screen.findByRole('navigation', { name: 'Chapters of this story' });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Show translations' })).not.toBeChecked(),
    );
    media.play.mockClear();
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'El encuentro' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(audioOf(container)).toHaveAttribute('src', `/api/chapters/${nextChapterId}/audio`),
    );
    // The next chapter plays without a press on play.
    await waitFor(() => expect(media.play).toHaveBeenCalled());
    expect(media.play.mock.contexts.at(-1)).toBe(audioOf(container));
  });

  it('a sleep timer set to the end of the chapter saves it, rewinds and starts no next chapter', async () => {
    const saved: unknown[] = [];
    const { container } = await openPlayer({
      ...signedIn,
      'GET /api/me/preferences': autoPlayNextPreferences,
      'POST /api/progress': (init) => {
        saved.push(JSON.parse(init!.body as string));
        return json(200, { applied: true, progress: {}, newAchievements: [] });
      },
    });
    const audio = audioOf(container);
    await screen.findByRole('navigation', { name: 'Chapters of this story' });
    const assist = screen.getByRole('region', { name: 'Listening assist' });
    fireEvent.click(within(assist).getByRole('button', { name: /Listening assist/ }));
    const sleepTimer = within(assist).getByRole('combobox', { name: 'Sleep timer' });
    fireEvent.change(sleepTimer, { target: { value: 'chapter-end' } });
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ positionSeconds: 30 }));

    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(audio.currentTime).toBe(0);
    await waitFor(() =>
      expect(saved.at(-1)).toMatchObject({ chapterId, positionSeconds: 75, durationSeconds: 75 }),
    );
    expect(sleepTimer).toHaveValue('off');
    expect(within(assist).getByRole('status')).toHaveTextContent('Sleep timer: playback paused.');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'La llegada' })).toBeInTheDocument();
    expect(audio).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`);
  });

  it('gives the lock screen the chapter, the story, the cover and the controls', async () => {
    const handlers = new Map<string, (details: Record<string, number>) => void>();
    const session = {
      metadata: null as unknown,
      playbackState: 'none',
      setActionHandler: vi.fn(
        (action: string, handler: ((d: Record<string, number>) => void) | null) => {
          if (handler) handlers.set(action, handler);
          else handlers.delete(action);
        },
      ),
      setPositionState: vi.fn(),
    };
    vi.stubGlobal(
      'navigator',
      // Own values: jsdom's getters (onLine, userAgent…) refuse an object that is not its Navigator.
      Object.create(navigator, {
        mediaSession: { value: session },
        onLine: { value: true },
        userAgent: { value: navigator.userAgent },
      }) as Navigator,
    );
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(readonly init: Record<string, unknown>) {}
      },
    );
    const { container } = await openPlayer();
    const audio = audioOf(container);
    await waitFor(() => expect(session.metadata).not.toBeNull());
    expect((session.metadata as { init: Record<string, unknown> }).init).toMatchObject({
      title: 'La llegada',
      artist: 'El mercado',
      artwork: [{ src: 'http://localhost:3000/media/covers/el-mercado.jpg' }],
    });
    act(() => handlers.get('play')!({}));
    expect(audio.paused).toBe(false);
    act(() => handlers.get('seekforward')!({}));
    expect(audio.currentTime).toBe(10);
    act(() => handlers.get('seekbackward')!({ seekOffset: 5 }));
    expect(audio.currentTime).toBe(5);
    act(() => handlers.get('seekto')!({ seekTime: 42 }));
    expect(audio.currentTime).toBe(42);
    act(() => handlers.get('pause')!({}));
    expect(audio.paused).toBe(true);
  });

  it('lists bookmarks, adds one at the current position and bookmarks a line', async () => {
    const created: unknown[] = [];
    const { container } = await openPlayer({
      ...signedIn,
      'POST /api/bookmarks': (init) => {
        const body = JSON.parse(init!.body as string) as Record<string, unknown>;
        created.push(body);
        return json(201, {
          bookmark: {
            ...bookmark,
            // The server keeps the client-made id (decision 041).
            id: body.id,
            positionSeconds: body.positionSeconds,
            segmentId: body.segmentId ?? null,
            note: body.note ?? null,
          },
        });
      },
    });
    const panel = screen.getByRole('region', { name: 'Bookmarks' });
    expect(await within(panel).findByText('Weather words')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Go to 0:03' }));
    expect(audioOf(container).currentTime).toBe(3.2);

    act(() => media.advance(audioOf(container), 10));
    fireEvent.change(within(panel).getByLabelText('Note (optional)'), {
      target: { value: 'Remember this' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add bookmark' }));
    expect(await within(panel).findByText('Remember this')).toBeInTheDocument();
    // A client-made id and the time it was made: sent twice, it is still one bookmark.
    const sent = {
      id: expect.any(String),
      editedAt: expect.any(Number),
      sentAt: expect.any(Number),
    };
    expect(created[0]).toEqual({
      ...sent,
      chapterId,
      positionSeconds: 13.2,
      note: 'Remember this',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Bookmark line 1 of 2' }));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]).toEqual({ ...sent, chapterId, positionSeconds: 0, segmentId: 's1' });
  });
});

describe('player page, preview', () => {
  const draft = { ...storyFixture, status: 'draft' as const, publishedAt: null };
  const draftSummary = { ...storySummary, status: 'draft' as const, publishedAt: null };
  const preferences = (autoPlayNext: boolean) => () =>
    json(200, {
      preferences: {
        playbackSpeed: 1,
        autoPlayNext,
        showTranslations: false,
        preferredLanguage: 'en',
        theme: 'auto',
        updatedAt: null,
      },
    });
  /** The working copy, answered only to requests that ask for it. */
  const previewRoutes = {
    'GET /api/auth/session': sessionOf(adminFixture),
    'GET /api/me/preferences': preferences(false),
    [`GET /api/chapters/${chapterId}?preview=1`]: () =>
      json(200, { chapter: { ...chapter, story: draftSummary } }),
    [`GET /api/chapters/${chapterId}/transcript?preview=1`]: () => json(200, transcript),
    [`GET /api/stories/${storyFixture.id}?preview=1`]: () => json(200, { story: draft }),
  };
  const previewPath = `/player/${chapterId}?preview=1`;
  const urls = (fetchMock: { mock: { calls: unknown[][] } }) =>
    fetchMock.mock.calls.map(([url]) => String(url));

  it('plays the working copy for an administrator, marked as a preview', async () => {
    const { container, fetchMock } = await openPlayer(previewRoutes, previewPath);
    expect(screen.getByText(PREVIEW_BANNER_TEXT)).toHaveAttribute('role', 'status');
    expect(audioOf(container)).toHaveAttribute('src', `/api/chapters/${chapterId}/audio?preview=1`);
    expect(transcriptLines()[0]).toHaveTextContent('Lucía llega al mercado.');
    // Nothing of the published chapter is asked for.
    expect(urls(fetchMock).filter((url) => url.startsWith('/api/chapters/'))).toEqual(
      expect.arrayContaining([
        `/api/chapters/${chapterId}?preview=1`,
        `/api/chapters/${chapterId}/transcript?preview=1`,
      ]),
    );
    expect(urls(fetchMock)).not.toContain(`/api/chapters/${chapterId}`);
    expect(urls(fetchMock)).not.toContain(`/api/chapters/${chapterId}/transcript`);
  });

  it('keeps the preview on the way to the next chapter', async () => {
    await openPlayer(previewRoutes, previewPath);
    const nav = await screen.findByRole('navigation', { name: 'Chapters of this story' });
    expect(within(nav).getByRole('link', { name: /Next/ })).toHaveAttribute(
      'href',
      `/player/${nextChapterId}?preview=1`,
    );
  });

  it('starts the next chapter as a preview at the end', async () => {
    const next = { ...chapters[1]!, hasTranscript: false, story: draftSummary };
    const { container } = await openPlayer(
      {
        ...previewRoutes,
        'GET /api/me/preferences': preferences(true),
        [`GET /api/chapters/${nextChapterId}?preview=1`]: () => json(200, { chapter: next }),
      },
      previewPath,
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Show translations' })).not.toBeChecked(),
    );
    act(() => {
      audioOf(container).dispatchEvent(new Event('ended'));
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'El encuentro' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(audioOf(container)).toHaveAttribute(
        'src',
        `/api/chapters/${nextChapterId}/audio?preview=1`,
      ),
    );
    expect(screen.getByText(PREVIEW_BANNER_TEXT)).toBeInTheDocument();
  });

  it('saves no progress and offers no bookmarks in a preview', async () => {
    const { container, fetchMock } = await openPlayer(previewRoutes, previewPath);
    const audio = audioOf(container);
    act(() => {
      void audio.play();
      media.advance(audio, 12.5);
      audio.pause();
    });
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    await settle();
    expect(urls(fetchMock).some((url) => url.startsWith('/api/progress'))).toBe(false);
    expect(urls(fetchMock).some((url) => url.startsWith('/api/bookmarks'))).toBe(false);
    expect(urls(fetchMock).some((url) => url.endsWith('/vocabulary'))).toBe(false);
    expect(localStorage.getItem(syncStoreKey(adminFixture.id))).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Bookmarks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bookmark line/ })).not.toBeInTheDocument();
    // Nothing of a preview is practised: learners may not see it yet.
    expect(screen.queryByTestId('practice-offer')).not.toBeInTheDocument();
  });

  it("ignores a learner's ?preview=1: the published chapter, no banner", async () => {
    const { container, fetchMock } = await openPlayer(
      { 'GET /api/auth/session': sessionOf(userFixture) },
      previewPath,
    );
    expect(audioOf(container)).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`);
    expect(urls(fetchMock)).toContain(`/api/chapters/${chapterId}`);
    expect(urls(fetchMock).some((url) => url.includes('preview'))).toBe(false);
    expect(screen.queryByText(PREVIEW_BANNER_TEXT)).not.toBeInTheDocument();
  });
});
