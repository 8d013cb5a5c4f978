import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeMedia, stubDesktopMatchMedia } from '#client/test/fake-media';
import { json, storyFixture } from '#client/test/render-app';
import { stubResizeObserver } from '#client/test/stub-resize-observer';

/*
 * What the player's page tests share (the page online and offline, the app-wide flusher's):
 * the story fixture's first chapter, its transcript, the requests that open it, and the page's
 * test environment.
 */

const { chapters, ...summary } = storyFixture;
/** The story as a chapter carries it. */
export const storySummary = summary;
export const chapter = { ...chapters[0]!, story: storySummary };
export const chapterId = chapter.id;

export const transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 3.2,
      text: 'Lucía llega al mercado.',
      translation: 'Lucía arrives at the market.',
      words: [
        { id: 'w1', text: 'Lucía', start: 0, end: 0.6, gloss: 'Lucía (name)' },
        { id: 'w2', text: 'llega', start: 0.6, end: 1.1 },
        { id: 'w3', text: 'al', start: 1.1, end: 1.3 },
        { id: 'w4', text: 'mercado', start: 1.3, end: 2.1, gloss: 'market' },
      ],
    },
    {
      id: 's2',
      start: 3.2,
      end: 6,
      text: 'Hace sol.',
      words: [
        { id: 'w5', text: 'Hace', start: 3.4, end: 3.8 },
        { id: 'w6', text: 'sol', start: 3.8, end: 4.4 },
      ],
    },
  ],
};

/** The requests that open the chapter in the player: the chapter, its transcript, its story. */
export const chapterRoutes: Record<string, () => Response> = {
  [`GET /api/chapters/${chapterId}`]: () => json(200, { chapter }),
  [`GET /api/chapters/${chapterId}/transcript`]: () => json(200, transcript),
  [`GET /api/stories/${storyFixture.id}`]: () => json(200, { story: storyFixture }),
};

/** The progress the server last had: the chapter left at 30 s (40 %), on 1 January 2025. */
export const syncedProgress = () =>
  json(200, {
    progress: [
      {
        chapterId,
        progressPercentage: 40,
        completed: false,
        lastPositionSeconds: 30,
        lastAccessedAt: '2025-01-01T00:00:00.000Z',
        savedAt: '2025-01-01T00:00:00.000Z',
      },
    ],
  });

/** The learner's player preferences with "play the next chapter" on. */
export const autoPlayNextPreferences = () =>
  json(200, {
    preferences: {
      playbackSpeed: 1,
      autoPlayNext: true,
      showTranslations: false,
      preferredLanguage: 'en',
      theme: 'auto',
      updatedAt: null,
    },
  });

export type FakeMedia = ReturnType<typeof installFakeMedia>;

/**
 * Before each test: empty storage, a desktop window (jsdom has no matchMedia, ResizeObserver or
 * scrollTo; the help popover measures itself), quiet expected errors, fake media elements.
 */
export function setUpPlayerPage(): FakeMedia {
  sessionStorage.clear();
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
  stubDesktopMatchMedia();
  stubResizeObserver();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return installFakeMedia();
}

/** After each test (once the page is unmounted): undoes `setUpPlayerPage` and any fake timers. */
export function tearDownPlayerPage(media: FakeMedia): void {
  media.uninstall();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/** For a file whose tests open the player but never move its media: each test set up, then undone. */
export function setUpPlayerPageForEachTest(): void {
  let media: FakeMedia;
  beforeEach(() => {
    media = setUpPlayerPage();
  });
  afterEach(() => {
    cleanup();
    tearDownPlayerPage(media);
  });
}

/** The transcript's lines, and one of its words by its text. */
export const transcriptLines = () =>
  within(screen.getByRole('list', { name: /^Transcript of/ })).getAllByRole('listitem');
export const transcriptWord = (text: string) =>
  within(screen.getByRole('list', { name: /^Transcript of/ })).getByText(text, {
    selector: '[data-w]',
  });
