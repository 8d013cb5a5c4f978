// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useActiveClock } from './use-active-clock';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useActiveClock', () => {
  it('counts seconds while running and visible, pauses while the tab is hidden', () => {
    const { result } = renderHook(() => useActiveClock(true));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBeCloseTo(3, 3);

    act(() => setVisibility('hidden'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBeCloseTo(3, 3);

    act(() => setVisibility('visible'));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBeCloseTo(5, 3);
  });

  it('stops while not running and goes on from where it stopped', () => {
    const { result, rerender } = renderHook(({ running }) => useActiveClock(running), {
      initialProps: { running: true },
    });
    act(() => vi.advanceTimersByTime(4000));
    rerender({ running: false });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBeCloseTo(4, 3);
    rerender({ running: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBeCloseTo(5, 3);
  });
});
