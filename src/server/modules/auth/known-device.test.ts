import { describe, expect, it } from 'vitest';
import { createKnownDevices, KNOWN_DEVICE_COOKIE } from './known-device.ts';

const devices = createKnownDevices({ secret: 's'.repeat(32), secureCookie: true });
const cookieHeader = (setCookie: string) => setCookie.split(';')[0]!;

describe('known devices', () => {
  it('recognises the account a device signed in to, and only that one', () => {
    const set = devices.remember(undefined, 'ana@example.com');
    expect(set).toContain('; Secure');
    const device = devices.read(`other=1; ${cookieHeader(set)}`);
    expect(devices.knows(device, 'ana@example.com')).toBe(true);
    expect(devices.knows(device, 'bob@example.com')).toBe(false);
  });

  it('does not accept a tag moved to another device id, or one made with another secret', () => {
    const device = devices.read(cookieHeader(devices.remember(undefined, 'ana@example.com')))!;
    const moved = { id: 'Z'.repeat(22), tags: device.tags };
    expect(devices.knows(moved, 'ana@example.com')).toBe(false);
    const elsewhere = createKnownDevices({ secret: 't'.repeat(32), secureCookie: false });
    expect(elsewhere.knows(device, 'ana@example.com')).toBe(false);
  });

  it('keeps its id and the newest ten accounts', () => {
    let device = devices.read(cookieHeader(devices.remember(undefined, 'user0@example.com')))!;
    for (let n = 1; n <= 11; n++) {
      device = devices.read(cookieHeader(devices.remember(device, `user${n}@example.com`)))!;
    }
    expect(device.tags).toHaveLength(10);
    expect(devices.knows(device, 'user11@example.com')).toBe(true);
    expect(devices.knows(device, 'user1@example.com')).toBe(false);
  });

  it('ignores a malformed cookie', () => {
    for (const value of [
      '',
      'short',
      `${'A'.repeat(22)}.x`,
      `${'A'.repeat(22)}.${'<'.repeat(22)}`,
    ]) {
      expect(devices.read(`${KNOWN_DEVICE_COOKIE}=${value}`)).toBeUndefined();
    }
    expect(devices.read(null)).toBeUndefined();
  });
});
