// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_ACCOUNT_KEY,
  DOWNLOADS_CACHE,
  OFFLINE_DB,
  PAGES_CACHE,
} from '#shared/offline/offline-storage';
import { claimDeviceFor, deviceHoldsOfflineData } from './device-account';

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
    await claimDeviceFor(null, clear, async () => true);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe('');
  });

  it('loads nothing to empty on a first visit, when the device holds nothing kept', async () => {
    const clear = vi.fn(async () => undefined);
    const holdsData = vi.fn(async () => false);
    await claimDeviceFor(null, clear, holdsData);
    expect(holdsData).toHaveBeenCalledTimes(1);
    expect(clear).not.toHaveBeenCalled();
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe('');
  });
});

describe('deviceHoldsOfflineData', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stubStorage = (cacheNames: string[], databases: string[] | null) => {
    vi.stubGlobal('caches', { keys: async () => cacheNames });
    vi.stubGlobal(
      'indexedDB',
      databases === null ? {} : { databases: async () => databases.map((name) => ({ name })) },
    );
  };

  it('sees a kept answer, a downloaded file or the list of downloads', async () => {
    stubStorage([PAGES_CACHE], []);
    expect(await deviceHoldsOfflineData()).toBe(true);
    stubStorage([DOWNLOADS_CACHE], []);
    expect(await deviceHoldsOfflineData()).toBe(true);
    stubStorage(['workbox-precache-v2'], [OFFLINE_DB]);
    expect(await deviceHoldsOfflineData()).toBe(true);
  });

  it("holds nothing when only the app's own files are kept", async () => {
    stubStorage(['workbox-precache-v2'], ['another-database']);
    expect(await deviceHoldsOfflineData()).toBe(false);
  });

  it('assumes it may hold the list when the browser cannot list its databases', async () => {
    stubStorage([], null);
    expect(await deviceHoldsOfflineData()).toBe(true);
  });
});
