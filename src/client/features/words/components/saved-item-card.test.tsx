// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedItem } from '#shared/contracts/saved-items';
import { savedItemFixture } from '#client/test/saved-item-fixture';
import { SavedItemCard } from './saved-item-card';

afterEach(cleanup);

const renderCard = (item: SavedItem) =>
  render(
    <MemoryRouter>
      <SavedItemCard item={item} onDelete={() => undefined} />
    </MemoryRouter>,
  );

describe('a saved word on My words (decision 043)', () => {
  it("marks the machine's gloss and translation, as they were when it was saved", () => {
    renderCard(
      savedItemFixture({
        gloss: 'raisin',
        glossByMachine: true,
        sentenceTranslationByMachine: true,
      }),
    );
    const card = screen.getByRole('article', { name: 'perro' });
    expect(within(card).getByText(/^raisin/)).toHaveTextContent('raisin(Machine translation)');
    expect(within(card).getByText(/^The dog runs\./)).toHaveTextContent(
      'The dog runs.(Machine translation)',
    );
  });

  it('shows what a person wrote without a mark', () => {
    renderCard(savedItemFixture());
    expect(screen.getByText('dog')).toBeInTheDocument();
    expect(screen.queryByText('Machine translation')).not.toBeInTheDocument();
  });
});
