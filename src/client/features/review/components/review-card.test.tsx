// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedItem } from '#shared/contracts/saved-items';
import { ReviewCard, type ReviewCardProps } from './review-card';
import { savedItemFixture } from '#client/test/saved-item-fixture';

const word: SavedItem = savedItemFixture({
  text: 'Perro',
  sentence: 'Mi perro <no> come pan.',
  sentenceTranslation: 'My dog does not eat bread.',
  wordId: 'w2',
});

function renderCard(overrides: Partial<ReviewCardProps> = {}) {
  const props: ReviewCardProps = {
    card: word,
    revealed: false,
    clipStatus: 'idle',
    intervals: { 1: '1m', 2: '6m', 3: '10m', 4: '8d' },
    onPlay: vi.fn(),
    onReveal: vi.fn(),
    onRate: vi.fn(),
    ...overrides,
  };
  render(<ReviewCard {...props} />);
  return props;
}

afterEach(cleanup);

describe('review card', () => {
  it('hides the answer until revealed and offers Replay', async () => {
    const user = userEvent.setup();
    const props = renderCard();
    expect(screen.queryByText('My dog does not eat bread.')).not.toBeInTheDocument();
    expect(screen.getByText('Listen, and recall what it means.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(props.onPlay).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(props.onReveal).toHaveBeenCalledTimes(1);
  });

  it('shows the sentence as written with the word marked, its translation and gloss, and the four ratings with their intervals', async () => {
    const user = userEvent.setup();
    const props = renderCard({ revealed: true });
    const sentence = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'Mi perro <no> come pan.',
    );
    expect(sentence.querySelector('mark')).toHaveTextContent(/^perro$/);
    expect(screen.getByText('My dog does not eat bread.')).toBeInTheDocument();
    expect(screen.getByText(/— dog/)).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('button')
        .slice(1)
        .map((button) => button.textContent),
    ).toEqual(['Again1m', 'Hard6m', 'Good10m', 'Easy8d']);
    await user.click(screen.getByRole('button', { name: /^Hard/ }));
    expect(props.onRate).toHaveBeenCalledWith(2);
  });

  it('marks a machine-made translation and gloss as such, and nothing else (decision 043)', () => {
    renderCard({
      revealed: true,
      card: { ...word, gloss: 'raisin', glossByMachine: true, sentenceTranslationByMachine: true },
    });
    const translation = screen.getByText('My dog does not eat bread.');
    expect(translation).toHaveTextContent('My dog does not eat bread.(Machine translation)');
    expect(screen.getByText(/— raisin/)).toHaveTextContent('— raisin(Machine translation)');
    expect(screen.getAllByText('Machine translation')).toHaveLength(2);
    cleanup();
    renderCard({ revealed: true });
    expect(screen.queryByText('Machine translation')).not.toBeInTheDocument();
  });

  it('shows a saved sentence without a word line, and says when the browser blocked the audio', () => {
    renderCard({
      revealed: true,
      clipStatus: 'blocked',
      card: { ...word, kind: 'sentence', text: word.sentence, gloss: null, wordId: null },
    });
    expect(document.querySelector('mark')).toBeNull();
    expect(screen.queryByText(/— /)).not.toBeInTheDocument();
    expect(screen.getByText('Press Play to hear the sentence.')).toBeInTheDocument();
  });
});
