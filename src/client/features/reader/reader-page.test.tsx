// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDesktopMatchMedia } from '#client/test/fake-media';
import { json, renderApp, stubApi, storyFixture } from '#client/test/render-app';

const [first, second] = storyFixture.chapters;
const transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 2,
      text: 'Hola, amigo.',
      translation: 'Hello, friend.',
      words: [
        { id: 'w1', text: 'Hola', start: 0, end: 0.5, gloss: 'hello' },
        { id: 'w2', text: 'amigo', start: 0.6, end: 1.2, gloss: 'friend' },
      ],
    },
    {
      id: 's2',
      start: 2.5,
      end: 4,
      text: 'Hace frío.',
      words: [
        { id: 'w3', text: 'Hace', start: 2.5, end: 3 },
        { id: 'w4', text: 'frío', start: 3, end: 3.6 },
      ],
    },
  ],
};

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
  stubDesktopMatchMedia();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reader', () => {
  it('shows the whole story, chapter after chapter, with glosses and links to listen from a line', async () => {
    stubApi({
      [`GET /api/stories/${storyFixture.id}`]: () => json(200, { story: storyFixture }),
      [`GET /api/chapters/${first!.id}/transcript`]: () => json(200, transcript),
    });
    renderApp(`/library/reader/${storyFixture.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'El mercado' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Relatos — El mercado — Reader');

    const chapterOne = screen.getByRole('region', { name: 'Chapter 1: La llegada' });
    const list = await within(chapterOne).findByRole('list', {
      name: 'Text of chapter 1, La llegada',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const listen = within(list).getAllByRole('link', { name: /Listen from here/ });
    expect(listen[1]).toHaveAttribute('href', `/player/${first!.id}?t=2.5`);

    fireEvent.click(within(list).getByText('amigo', { selector: '[data-w]' }));
    const popup = await screen.findByRole('dialog', { name: 'amigo' });
    expect(await within(popup).findByText('friend')).toBeInTheDocument();

    const chapterTwo = screen.getByRole('region', { name: 'Chapter 2: El encuentro' });
    expect(
      within(chapterTwo).getByText('The text of this chapter is not available yet.'),
    ).toBeInTheDocument();
    expect(within(chapterTwo).getByRole('link', { name: /Listen/ })).toHaveAttribute(
      'href',
      `/player/${second!.id}`,
    );
  });

  it('opens the player at the line from "Listen from here"', async () => {
    stubApi({
      [`GET /api/stories/${storyFixture.id}`]: () => json(200, { story: storyFixture }),
      [`GET /api/chapters/${first!.id}/transcript`]: () => json(200, transcript),
      [`GET /api/chapters/${first!.id}`]: () =>
        json(200, { chapter: { ...first, story: { ...storyFixture, chapters: undefined } } }),
    });
    renderApp(`/library/reader/${storyFixture.id}`);
    const list = await screen.findByRole('list', { name: 'Text of chapter 1, La llegada' });
    fireEvent.click(within(list).getAllByRole('link', { name: /Listen from here/ })[1]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'La llegada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Audio player' })).toBeInTheDocument();
  });

  it('says when the story does not exist', async () => {
    stubApi({});
    renderApp(`/library/reader/${storyFixture.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Story Not Found' }),
    ).toBeInTheDocument();
  });
});
