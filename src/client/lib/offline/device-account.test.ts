// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ACCOUNT_KEY } from '#shared/offline/offline-storage';
import { claimDeviceFor } from './device-account';

afterEach(() => localStorage.clear());

describe('claimDeviceFor', () => {
  it('empties what the previous account left when the session ended while no page was open', async () => {
    localStorage.setItem(DEVICE_ACCOUNT_KEY, 'user-a');
    const clear = vi.fn(async () => undefined);
    await claimDeviceFor(null, clear);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe('');
  });

  it('empties it when another learner signs in on the device', async () => {
    localStorage.setItem(DEVICE_ACCOUNT_KEY, 'user-a');
    const clear = vi.fn(async () => undefined);
    await claimDeviceFor('user-b', clear);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe('user-b');
  });

  it('keeps everything for the same account, and records the account before anything is cleared twice', async () => {
    localStorage.setItem(DEVICE_ACCOUNT_KEY, 'user-a');
    const clear = vi.fn(async () => undefined);
    await claimDeviceFor('user-a', clear);
    await claimDeviceFor(null, clear);
    await claimDeviceFor(null, clear);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it("clears nothing when a learner signs in after nobody's visit", async () => {
    localStorage.setItem(DEVICE_ACCOUNT_KEY, '');
    const clear = vi.fn(async () => undefined);
    await claimDeviceFor('user-a', clear);
    expect(clear).not.toHaveBeenCalled();
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe('user-a');
  });

  it('adopts a device that never recorded an account for the learner signed in, and clears it for nobody', async () => {
    const clear = vi.fn(async () => undefined);
    await claimDeviceFor('user-a', clear);
    expect(clear).not.toHaveBeenCalled();
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe('user-a');
    localStorage.clear();
    await claimDeviceFor(null, clear);
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
