// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '#shared/transcript';
import { chapterNewWords, ChapterWordsIntro, NEW_WORDS_SHOWN } from './chapter-words-intro';

afterEach(cleanup);

const segment = (id: string, words: Array<[string, string, string?]>): TranscriptSegment => ({
  id,
  start: 0,
  end: 1,
  text: words.map(([, text]) => text).join(' '),
  words: words.map(([wordId, text, gloss], i) => ({
    id: wordId,
    text,
    start: i,
    end: i + 1,
    gloss,
  })),
});

const segments = [
  segment('s1', [
    ['w1', 'Lucía'],
    ['w2', 'compra', 'buys'],
    ['w3', 'pan.', 'bread'],
  ]),
  segment('s2', [
    ['w4', 'Compra', 'buys'],
    ['w5', 'leche', 'milk'],
  ]),
];

describe("a chapter's new words (issue 14)", () => {
  it('lists them in order, once each, without punctuation, with their gloss', () => {
    expect(chapterNewWords(segments, ['w2', 'w3', 'w4', 'w5'])).toEqual([
      { text: 'compra', gloss: 'buys', glossByMachine: false },
      { text: 'pan', gloss: 'bread', glossByMachine: false },
      { text: 'leche', gloss: 'milk', glossByMachine: false },
    ]);
  });

  it("marks a machine's gloss no person has reviewed (decision 043)", () => {
    const proposed: TranscriptSegment = {
      ...segments[1]!,
      words: [segments[1]!.words[0]!, { ...segments[1]!.words[1]!, glossSource: 'machine' }],
    };
    const words = chapterNewWords([segments[0]!, proposed], ['w2', 'w5']);
    expect(words).toEqual([
      { text: 'compra', gloss: 'buys', glossByMachine: false },
      { text: 'leche', gloss: 'milk', glossByMachine: true },
    ]);
    render(<ChapterWordsIntro knownPercentage={0} newWords={words} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'compra · buys',
      'leche · milk(Machine translation)',
    ]);
    // Visible, and read as "(Machine translation)" right after the gloss.
    expect(within(items[1]!).getByText('Machine translation')).toBeVisible();
  });

  it('greets a learner who knows none of the words with the new words, not "0%"', () => {
    render(
      <ChapterWordsIntro
        knownPercentage={0}
        newWords={chapterNewWords(segments, ['w2', 'w3', 'w5'])}
      />,
    );
    expect(screen.queryByText(/You know 0%/)).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'New words in this chapter' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['compra · buys', 'pan · bread', 'leche · milk']);
  });

  it(`shows at most ${NEW_WORDS_SHOWN} and says how many more`, () => {
    const many = Array.from({ length: NEW_WORDS_SHOWN + 3 }, (_, i) => ({
      text: `palabra${i}`,
      gloss: undefined,
      glossByMachine: false,
    }));
    render(<ChapterWordsIntro knownPercentage={0} newWords={many} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(NEW_WORDS_SHOWN);
    expect(screen.getByText('and 3 more, marked in the transcript')).toBeInTheDocument();
  });

  it('folds into one line on a phone, "N new words in this chapter", that opens the list', () => {
    const many = Array.from({ length: 103 }, (_, i) => ({
      text: `palabra${i}`,
      gloss: undefined,
      glossByMachine: false,
    }));
    render(<ChapterWordsIntro knownPercentage={0} newWords={many} />);
    const toggle = screen.getByRole('button', { name: '103 new words in this chapter' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // Below the desktop breakpoint the list is hidden until the line is pressed (md:block).
    expect(toggle).toHaveClass('md:hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass('hidden', 'md:block');
    expect(list).toContainElement(screen.getAllByRole('listitem', { hidden: true })[0]!);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
    expect(screen.getByRole('region', { name: 'New words in this chapter' })).toBeInTheDocument();
  });

  it('keeps the share once the learner knows some of the words', () => {
    render(
      <ChapterWordsIntro
        knownPercentage={80}
        newWords={[{ text: 'pan', gloss: 'bread', glossByMachine: false }]}
      />,
    );
    expect(screen.getByText('You know 80% of the words in this chapter')).toBeInTheDocument();
    expect(screen.queryByText('New words in this chapter')).not.toBeInTheDocument();
  });
});
