// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DictationItem } from '#shared/practice/items';
import type { DictationResult } from '../item-grading';
import { dictationFixture } from '../practice-item-fixtures';
import { DictationItemView } from './dictation-item';

const item = dictationFixture;

/** The item as the session holds it: checked once, then shown with its result. */
function Checked({
  strictAccents,
  dictation = item,
}: {
  strictAccents: boolean;
  dictation?: DictationItem;
}) {
  const [result, setResult] = useState<DictationResult>();
  return (
    <DictationItemView
      item={dictation}
      revealed={0}
      result={result}
      strictAccents={strictAccents}
      onCheck={setResult}
    />
  );
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Your answer' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);

afterEach(cleanup);

describe('a dictation’s result', () => {
  it('shows every word with its verdict in words, not by colour alone', async () => {
    const user = userEvent.setup();
    render(<Checked strictAccents={false} />);
    const field = screen.getByLabelText('What you heard');
    expect(field).toHaveFocus();
    expect(screen.getByText('Accents, capitals and punctuation are up to you.')).toBeVisible();
    await user.keyboard('Lucia esta muy en el cosina{Enter}');
    expect(chips()).toEqual([
      'Lucía: other accents, counted right · you wrote “Lucia”',
      'está: other accents, counted right · you wrote “esta”',
      'muy: not in the line',
      'en: right',
      'la: wrong · you wrote “el”',
      'cocina: almost · you wrote “cosina”',
    ]);
    expect(field).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
  });

  it('with strict accents, a word with other accents is wrong', async () => {
    const user = userEvent.setup();
    render(<Checked strictAccents />);
    expect(
      screen.getByText('Accents count. Capitals and punctuation are up to you.'),
    ).toBeVisible();
    await user.keyboard('Lucía esta en la cocina{Enter}');
    expect(chips()).toEqual([
      'Lucía: right',
      'está: wrong · you wrote “esta”',
      'en: right',
      'la: right',
      'cocina: right',
    ]);
  });

  it('names a word not typed as missing, and "a el" for "al" as right', async () => {
    const user = userEvent.setup();
    const words = [
      { id: 'w1', text: 'Va' },
      { id: 'w2', text: 'al' },
      { id: 'w3', text: 'mercado' },
      { id: 'w4', text: 'hoy' },
    ];
    render(<Checked strictAccents={false} dictation={{ ...item, words }} />);
    await user.keyboard('va a el mercado{Enter}');
    expect(chips()).toEqual([
      'Va: right',
      'al: written apart, counted right · you wrote “a el”',
      'mercado: right',
      'hoy: missing',
    ]);
  });
});
