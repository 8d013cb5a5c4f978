import type { ProgressEvent } from '#shared/contracts/progress';
import type { NotifyChannel } from '../../db/notify-channel.ts';

/** One save's event and whose it is. */
export interface UserProgressEvent {
  userId: string;
  event: ProgressEvent;
}

/**
 * What goes over the channel: one event, or several published together when saves arrive
 * faster than one notice commits (an instance of an earlier version reads only the first form).
 */
export type ProgressMessage = UserProgressEvent | { batch: UserProgressEvent[] };

/**
 * The most events one notice carries: each is at most about 400 bytes (ids, a 64-character
 * device id, two timestamps), and PostgreSQL refuses NOTIFY payloads from 8,000 bytes.
 */
const MAX_BATCH = 16;

interface Pending {
  message: UserProgressEvent;
  done: (error?: unknown) => void;
}

type Listener = (event: ProgressEvent) => void;

/**
 * Live progress across a user's pages and devices, across server instances: every save is
 * published on a PostgreSQL channel (db/notify-channel.ts), and each instance hands the events it
 * hears to that user's open event streams.
 *
 * Publishing is grouped: a transaction that notifies holds PostgreSQL's global notify lock until
 * its commit is flushed, so one notice per save made busy saves wait on each other's commits
 * (issue 13's benchmark). One notice is in flight at a time; events published meanwhile go out
 * together in the next, in order. A lone save is published at once, as before.
 */
export function createProgressEvents({ channel }: { channel: NotifyChannel<ProgressMessage> }) {
  const listeners = new Map<string, Set<Listener>>();
  const pending: Pending[] = [];
  let sending = false;

  const deliver = (message: UserProgressEvent) => {
    for (const listener of listeners.get(message.userId) ?? []) listener(message.event);
  };
  const dispatch = (message: ProgressMessage) => {
    if ('batch' in message && Array.isArray(message.batch)) message.batch.forEach(deliver);
    else if ('userId' in message) deliver(message);
  };

  async function send() {
    sending = true;
    while (pending.length > 0) {
      const group = pending.splice(0, MAX_BATCH);
      const messages = group.map((item) => item.message);
      try {
        await channel.publish(messages.length === 1 ? messages[0]! : { batch: messages });
        for (const item of group) item.done();
      } catch (error) {
        for (const item of group) item.done(error);
      }
    }
    sending = false;
  }

  return {
    /** Publishes a save's event to every instance; resolves once its notice is committed. */
    publish: (userId: string, event: ProgressEvent) =>
      new Promise<void>((resolve, reject) => {
        pending.push({
          message: { userId, event },
          done: (error) => (error === undefined ? resolve() : reject(error)),
        });
        if (!sending) void send();
      }),

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
