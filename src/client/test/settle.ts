import { act } from '@testing-library/react';

/**
 * Lets everything already started finish — answered fetches, promise chains, React updates —
 * without waiting on the clock: a few macrotask turns inside `act`. For asserting that something
 * did NOT happen (no request sent, no toast) once the screen has had every chance to do it.
 */
export async function settle(turns = 5): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  }
}
