// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translationSettingsFor } from '#client/lib/api/translate';
import { json, stubApi } from '#client/test/render-app';
import { TranslationResult } from './translation-result';

afterEach(cleanup);

const CHAPTER = '33333333-3333-4333-8333-333333333333';
const note = 'Shown in English: French translations are not available on this site.';

describe('translation languages (decision 038)', () => {
  it("serves a preferred language only when the site can, else the story's English with a note", () => {
    expect(translationSettingsFor(null, undefined)).toEqual({
      mode: 'server',
      targetLanguage: 'en',
    });
    expect(translationSettingsFor('fr', ['en', 'fr', 'de'])).toEqual({
      mode: 'server',
      targetLanguage: 'fr',
    });
    expect(translationSettingsFor('fr', ['en'])).toEqual({
      mode: 'server',
      targetLanguage: 'en',
      fallbackNote: note,
    });
    // Spanish is never served for the stories' Spanish.
    expect(translationSettingsFor('es', ['en', 'fr']).targetLanguage).toBe('en');
  });

  it("shows the story's own English with the note, without asking the server", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TranslationResult
          request={{ text: 'mercado', local: 'market' }}
          settings={translationSettingsFor('fr', ['en'])}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('market')).toBeInTheDocument();
    expect(screen.getByText(note)).toBeVisible();
  });
});

describe("the story's own text, and who made it (decision 043)", () => {
  const renderResult = (request: Parameters<typeof TranslationResult>[0]['request']) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TranslationResult request={request} settings={translationSettingsFor(null, undefined)} />
      </QueryClientProvider>,
    );

  it('labels text no person has reviewed "Machine translation", and a person\'s "From the story"', async () => {
    renderResult({ text: 'pasa', local: 'raisin', localSource: 'machine' });
    expect(await screen.findByText('raisin')).toHaveAttribute('data-translation-source', 'machine');
    expect(screen.getByText('Machine translation')).toBeVisible();
    cleanup();

    renderResult({ text: 'casa', local: 'house', localSource: 'human' });
    expect(await screen.findByText('house')).toHaveAttribute('data-translation-source', 'story');
    expect(screen.getByText('From the story')).toBeVisible();
    cleanup();

    // Text without a source was written by a person (the demo library).
    renderResult({ text: 'casa', local: 'house' });
    expect(await screen.findByText('From the story')).toBeVisible();
  });

  it("asks the server for a preview's text with ?preview=1, and shows the source it answers", async () => {
    const fetchMock = stubApi({
      'POST /api/translate?preview=1': () =>
        json(200, { translation: 'It rains.', source: 'machine', language: 'en' }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TranslationResult
          request={{ text: 'Llueve.', chapterId: CHAPTER, segmentId: 's1' }}
          settings={{ ...translationSettingsFor(null, undefined), preview: true }}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('It rains.')).toBeInTheDocument();
    expect(screen.getByText('Machine translation')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
