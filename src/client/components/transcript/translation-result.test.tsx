// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { translationSettingsFor } from '#client/lib/api/translate';
import { TranslationResult } from './translation-result';

afterEach(cleanup);

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
