// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getErrorLog } from '#client/lib/error-log';
import { json, renderApp, stubApi, storyFixture } from '#client/test/render-app';

const { chapters, ...storySummary } = storyFixture;
const chapter = { ...chapters[0]!, story: storySummary };
const chapterId = chapter.id;

const transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 3.2,
      text: 'Lucía llega al mercado.',
      translation: 'Lucía arrives at the market.',
      words: [
        { id: 'w1', text: 'Lucía', start: 0, end: 0.6 },
        { id: 'w2', text: 'llega', start: 0.6, end: 1.1 },
      ],
    },
    { id: 's2', start: 3.2, end: 6, text: 'Hace sol.', words: [] },
  ],
};

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('player page (first version)', () => {
  it('shows the chapter title, a native audio player and the transcript', async () => {
    stubApi({
      [`GET /api/chapters/${chapterId}`]: () => json(200, { chapter }),
      [`GET /api/chapters/${chapterId}/transcript`]: () => json(200, transcript),
    });
    const { container } = renderApp(`/player/${chapterId}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'La llegada' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Relatos — La llegada — El mercado');

    const audio = container.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`);
    expect(audio).toHaveAttribute('preload', 'metadata');
    expect(audio).toHaveAttribute('controls');

    expect(await screen.findByText('Lucía llega al mercado.')).toHaveAttribute('lang', 'es');
    expect(screen.getByText('Lucía arrives at the market.')).toBeInTheDocument();
    expect(screen.getByText('Hace sol.')).toBeInTheDocument();
    expect(screen.getByText(/full player/)).toBeInTheDocument();
  });

  it('does not fetch a transcript the chapter does not have', async () => {
    const fetchMock = stubApi({
      [`GET /api/chapters/${chapterId}`]: () =>
        json(200, { chapter: { ...chapter, hasTranscript: false } }),
    });
    renderApp(`/player/${chapterId}`);
    expect(await screen.findByText('This chapter has no transcript yet.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/transcript'))).toBe(false);
  });

  it('keeps the audio when the transcript is not valid', async () => {
    stubApi({
      [`GET /api/chapters/${chapterId}`]: () => json(200, { chapter }),
      [`GET /api/chapters/${chapterId}/transcript`]: () =>
        json(200, { segments: [{ text: 'no ids' }] }),
    });
    const { container } = renderApp(`/player/${chapterId}`);
    expect(
      await screen.findByRole('heading', { name: 'Transcript Unavailable' }),
    ).toBeInTheDocument();
    expect(container.querySelector('audio')).not.toBeNull();
  });

  it('logs an audio load failure and says so', async () => {
    stubApi({
      [`GET /api/chapters/${chapterId}`]: () =>
        json(200, { chapter: { ...chapter, hasTranscript: false } }),
    });
    const { container } = renderApp(`/player/${chapterId}`);
    await screen.findByRole('heading', { level: 1, name: 'La llegada' });

    fireEvent.error(container.querySelector('audio')!);

    expect(screen.getByRole('heading', { name: 'Audio Loading Failed' })).toBeInTheDocument();
    expect(getErrorLog()[0]).toMatchObject({ code: 'AUDIO_LOAD_ERROR', context: { chapterId } });
  });

  it('shows a not-found page with ways back for an unknown chapter', async () => {
    stubApi({});
    renderApp('/player/does-not-exist');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Library' })).toHaveAttribute(
      'href',
      '/library',
    );
  });

  it('asks a visitor to sign in for a story that needs an account', async () => {
    stubApi({
      [`GET /api/chapters/${chapterId}`]: () =>
        json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in required' } }),
    });
    renderApp(`/player/${chapterId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login Required' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth',
    );
  });
});
