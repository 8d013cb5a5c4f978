import { vi } from 'vitest';

/** A ResizeObserver that observes nothing: jsdom has none, and Radix parts measure themselves. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
