import type { ProgressEvent } from '#shared/contracts/progress';
import type { NotifyChannel } from '../../db/notify-channel.ts';

/** The PostgreSQL channel of live progress; progress.repository.ts publishes every applied save. */
export const PROGRESS_CHANNEL = 'relatos_progress';

/** What goes over the channel: the event and whose it is. */
export interface ProgressMessage {
  userId: string;
  event: ProgressEvent;
}

type Listener = (event: ProgressEvent) => void;

/**
 * Live progress across a user's pages and devices, across server instances: every applied save is
 * published on {@link PROGRESS_CHANNEL} by the statement that stores it (progress.repository.ts),
 * and each instance hands the events it hears (db/notify-channel.ts) to that user's open streams.
 */
export function createProgressEvents({ channel }: { channel: NotifyChannel<ProgressMessage> }) {
  const listeners = new Map<string, Set<Listener>>();

  const dispatch = (message: ProgressMessage) => {
    for (const listener of listeners.get(message.userId) ?? []) listener(message.event);
  };

  return {
    /** Registers a listener; resolves once this instance is listening. Returns the unsubscribe. */
    async subscribe(userId: string, listener: Listener): Promise<() => void> {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      // One channel handler serves every user's listeners: subscribing it again keeps it once.
      const leaveChannel = await channel.subscribe(dispatch);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
        if (listeners.size === 0) leaveChannel();
      };
    },

    /** Event streams open on this instance (metrics). */
    openStreams() {
      let count = 0;
      for (const set of listeners.values()) count += set.size;
      return count;
    },

    async stop() {
      listeners.clear();
      await channel.stop();
    },
  };
}

export type ProgressEvents = ReturnType<typeof createProgressEvents>;
