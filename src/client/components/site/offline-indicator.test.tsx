// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { OfflineIndicator } from './offline-indicator';

const goOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('OfflineIndicator', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says the device is offline in a polite live region, and nothing once back online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineIndicator />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    act(() => goOnline(false));
    expect(region).toHaveTextContent(offlineTexts.indicator);

    act(() => goOnline(true));
    expect(region).toBeEmptyDOMElement();
  });
});
