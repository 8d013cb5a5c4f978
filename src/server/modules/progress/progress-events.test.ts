import { describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '#shared/contracts/progress';
import type { NotifyChannel } from '../../db/notify-channel.ts';
import { createProgressEvents, type ProgressMessage } from './progress-events.ts';

const event = (chapterId: string): ProgressEvent => ({
  deviceId: null,
  progress: {
    chapterId,
    progressPercentage: 10,
    completed: false,
    lastPositionSeconds: 5,
    lastAccessedAt: null,
    savedAt: null,
  },
});

/** A channel whose notices commit when the test says so, and deliver what was sent. */
function fakeChannel() {
  const sent: ProgressMessage[] = [];
  const commits: (() => void)[] = [];
  let handler: ((message: ProgressMessage) => void) | undefined;
  const channel = {
    publish: vi.fn(
      (message: ProgressMessage) =>
        new Promise<void>((resolve) => {
          sent.push(message);
          commits.push(() => {
            handler?.(message);
            resolve();
          });
        }),
    ),
    subscribe: vi.fn(async (next: (message: ProgressMessage) => void) => {
      handler = next;
      return () => undefined;
    }),
    stop: vi.fn(async () => undefined),
  };
  return {
    channel: channel as unknown as NotifyChannel<ProgressMessage>,
    sent,
    commitNext: async () => {
      commits.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('progress events', () => {
  it('publishes a lone save at once, and saves made meanwhile together, in order', async () => {
    const wire = fakeChannel();
    const events = createProgressEvents({ channel: wire.channel });
    const heard: string[] = [];
    await events.subscribe('u1', (e) => heard.push(e.progress.chapterId));

    const first = events.publish('u1', event('c1'));
    const second = events.publish('u1', event('c2'));
    const third = events.publish('u2', event('c3'));
    expect(wire.sent).toEqual([{ userId: 'u1', event: event('c1') }]);

    await wire.commitNext();
    await first;
    expect(wire.sent[1]).toEqual({
      batch: [
        { userId: 'u1', event: event('c2') },
        { userId: 'u2', event: event('c3') },
      ],
    });
    await wire.commitNext();
    await Promise.all([second, third]);
    // Each listener hears its own user's events, in the order they were saved.
    expect(heard).toEqual(['c1', 'c2']);
  });

  it('fails the saves of a notice that could not be sent, and goes on with the next', async () => {
    const wire = fakeChannel();
    vi.mocked(wire.channel.publish).mockRejectedValueOnce(new Error('database gone'));
    const events = createProgressEvents({ channel: wire.channel });
    await expect(events.publish('u1', event('c1'))).rejects.toThrow('database gone');
    const next = events.publish('u1', event('c2'));
    await wire.commitNext();
    await expect(next).resolves.toBeUndefined();
  });
});
