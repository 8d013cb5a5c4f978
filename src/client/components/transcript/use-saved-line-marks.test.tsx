// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { collectElements } from './transcript-elements';
import { buildTranscriptIndex } from './transcript-index';
import { transcriptHtml } from './transcript-view';
import { useSavedLineMarks } from './use-saved-line-marks';

const transcript: Transcript = {
  segments: [
    {
      id: 'a',
      start: 0,
      end: 1,
      text: 'Hola.',
      words: [{ id: 'a1', text: 'Hola.', start: 0, end: 1 }],
    },
    {
      id: 'b',
      start: 1,
      end: 2,
      text: 'Adiós.',
      words: [{ id: 'b1', text: 'Adiós.', start: 1, end: 2 }],
    },
  ],
};

function render(save: boolean) {
  const index = buildTranscriptIndex(transcript);
  const root = document.createElement('ol');
  root.innerHTML = transcriptHtml(index, { translate: false, bookmark: false, save });
  return { index, root, elements: collectElements(root) };
}
const saveButtons = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLButtonElement>('[data-action="save-line"]'));

describe('saving lines', () => {
  it('gives each line a Save button only when saving is offered', () => {
    expect(saveButtons(render(false).root)).toHaveLength(0);
    const buttons = saveButtons(render(true).root);
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Save line 1 of 2 to My words',
      'Save line 2 of 2 to My words',
    ]);
    expect(buttons.every((button) => button.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('marks the saved lines, and unmarks a line no longer saved', () => {
    const { index, root, elements } = render(true);
    const { rerender } = renderHook(({ saved }) => useSavedLineMarks(elements, index, saved), {
      initialProps: { saved: new Set(['b']) as ReadonlySet<string> },
    });
    const [first, second] = saveButtons(root);
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(second).toHaveAttribute('aria-label', 'Saved to My words (line 2 of 2)');
    expect(second).toHaveAttribute('title', 'Saved to My words');

    rerender({ saved: new Set(['a']) });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(second).toHaveAttribute('aria-pressed', 'false');
    expect(second).toHaveAttribute('aria-label', 'Save line 2 of 2 to My words');
  });
});
