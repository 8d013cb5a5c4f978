// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FoldingControls } from './folding-controls';

afterEach(cleanup);

describe('FoldingControls (issue 14: the reading controls fold away on a phone)', () => {
  it('starts folded on small screens and opens and closes with its button', () => {
    render(
      <FoldingControls>
        <button type="button">Night mode</button>
      </FoldingControls>,
    );
    const toggle = screen.getByRole('button', { name: 'Reading settings' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toContainElement(screen.getByRole('button', { name: 'Night mode' }));
    // Hidden below the desktop breakpoint, always shown from it (md:block).
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveClass('hidden', 'md:block');
    expect(toggle).toHaveClass('md:hidden');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
    fireEvent.click(toggle);
    expect(panel).toHaveClass('hidden');
  });
});
