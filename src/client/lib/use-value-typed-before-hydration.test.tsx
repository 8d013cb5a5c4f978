// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useValueTypedBeforeHydration } from './use-value-typed-before-hydration';

/** A controlled search box that says what its state holds. */
function Search() {
  const [query, setQuery] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useValueTypedBeforeHydration(ref, query, setQuery);
  return (
    <>
      <input
        ref={ref}
        aria-label="Search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <output>Searching for: {query}</output>
    </>
  );
}

let container: HTMLElement;
let root: Root | null = null;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

describe('useValueTypedBeforeHydration', () => {
  it('puts what was typed into the server’s markup into the state at hydration', async () => {
    container.innerHTML = renderToString(<Search />);
    (screen.getByLabelText('Search') as HTMLInputElement).value = 'carta';
    await act(async () => {
      root = hydrateRoot(container, <Search />);
    });
    expect(screen.getByLabelText('Search')).toHaveValue('carta');
    expect(screen.getByRole('status')).toHaveTextContent('Searching for: carta');
  });

  it('leaves a page rendered in the browser as it is', async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<Search />);
    });
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Searching for:');
  });
});
