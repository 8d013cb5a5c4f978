import { describe, expect, it, vi } from 'vitest';
import type { NotifyChannel } from '../db/notify-channel.ts';
import { createChangeNotices, type ChangeNotice } from './change-notices.ts';

/** A channel that delivers nothing by itself: the test plays the network. */
function fakeChannel(publish: (notice: ChangeNotice) => Promise<void> = async () => undefined) {
  let handler: ((message: unknown) => void) | undefined;
  let listening: (() => void) | undefined;
  const channel = {
    publish: vi.fn(publish),
    subscribe: vi.fn(async (next: (message: unknown) => void) => {
      handler = next;
      return () => undefined;
    }),
    onListening: vi.fn((callback: () => void) => {
      listening = callback;
      return () => undefined;
    }),
    stop: vi.fn(async () => undefined),
  };
  return {
    channel: channel as unknown as NotifyChannel<ChangeNotice>,
    publish: channel.publish,
    deliver: (message: unknown) => handler?.(message),
    listenAgain: () => listening?.(),
  };
}

const log = { warn: vi.fn(), error: vi.fn() };

async function setUp(publish?: (notice: ChangeNotice) => Promise<void>) {
  const wire = fakeChannel(publish);
  const notices = createChangeNotices({ channel: wire.channel, log });
  const dropped: string[] = [];
  notices.onChange('site-settings', () => dropped.push('site-settings'));
  notices.onChange('tracking-tags', () => dropped.push('tracking-tags'));
  notices.onChange('stories', () => dropped.push('stories'));
  await notices.start();
  return { notices, wire, dropped };
}

describe('change notices', () => {
  it('drops this instance’s copies before publishing the notice', async () => {
    const { notices, wire, dropped } = await setUp(async () => {
      expect(dropped).toEqual(['tracking-tags']);
    });
    await notices.announce(['tracking-tags', 'tracking-tags']);
    expect(wire.publish).toHaveBeenCalledWith({ scopes: ['tracking-tags'] });
  });

  it('drops the scopes a notice names, and everything for one it cannot read', async () => {
    const { wire, dropped } = await setUp();
    wire.deliver({ scopes: ['stories'] });
    expect(dropped).toEqual(['stories']);
    dropped.length = 0;
    wire.deliver({ scopes: ['stories', 'something-new'] });
    expect(dropped).toEqual(['site-settings', 'tracking-tags', 'stories']);
  });

  it('drops everything each time it listens again', async () => {
    const { wire, dropped } = await setUp();
    wire.listenAgain();
    expect(dropped).toEqual(['site-settings', 'tracking-tags', 'stories']);
  });

  it('announces all scopes for Clear Cache', async () => {
    const { notices, wire } = await setUp();
    await notices.announceAll();
    expect(wire.publish).toHaveBeenCalledWith({
      scopes: ['site-settings', 'tracking-tags', 'stories'],
    });
  });

  it('never rejects when the notice cannot be sent: the local drop happened, the failure is logged', async () => {
    const { notices, dropped } = await setUp(() => Promise.reject(new Error('connection lost')));
    await expect(notices.announce(['site-settings'])).resolves.toBeUndefined();
    expect(dropped).toEqual(['site-settings']);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ scopes: ['site-settings'] }),
      'change notice could not be published',
    );
  });

  describe('session notices (decision 032)', () => {
    async function withSessions(publish?: (notice: ChangeNotice) => Promise<void>) {
      const setup = await setUp(publish);
      const forgotten: (readonly string[] | 'all')[] = [];
      setup.notices.onSessionsChange((changed) => forgotten.push(changed));
      return { ...setup, forgotten };
    }

    it('forgets the users here before telling every instance', async () => {
      const { notices, wire, forgotten, dropped } = await withSessions(async () => {
        expect(forgotten).toEqual([['u1']]);
      });
      await notices.announceSessionsChanged(['u1', 'u1']);
      expect(wire.publish).toHaveBeenCalledWith({ scopes: [], sessionsOf: ['u1'] });
      expect(dropped).toEqual([]);
    });

    it('forgets the users a notice names, and every session for one it cannot read or a new listen', async () => {
      const { wire, forgotten, dropped } = await withSessions();
      wire.deliver({ scopes: [], sessionsOf: ['u2'] });
      expect(forgotten).toEqual([['u2']]);
      expect(dropped).toEqual([]);
      wire.deliver({ scopes: [], sessionsOf: [42] });
      expect(forgotten.at(-1)).toBe('all');
      expect(dropped).toEqual(['site-settings', 'tracking-tags', 'stories']);
      forgotten.length = 0;
      wire.listenAgain();
      expect(forgotten).toEqual(['all']);
    });
  });
});
