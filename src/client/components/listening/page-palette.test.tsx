// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePagePalette, type ReadingPalette } from './reading-settings';

describe('usePagePalette (issue 14: night mode darkens the whole page)', () => {
  it('puts the reading palette on <html> while the screen is open, and takes it back after', () => {
    const root = document.documentElement;
    const { rerender, unmount } = renderHook(
      ({ palette }: { palette: ReadingPalette }) => usePagePalette(palette),
      { initialProps: { palette: 'dark' } },
    );
    expect(root.dataset.palette).toBe('dark');
    rerender({ palette: 'sepia' });
    expect(root.dataset.palette).toBe('sepia');
    unmount();
    expect(root.dataset.palette).toBeUndefined();
  });
});
