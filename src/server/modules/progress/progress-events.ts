import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ProgressEvent } from '#shared/contracts/progress';
import type { Database } from '../../db/client.ts';

const CHANNEL = 'relatos_progress';
const RECONNECT_DELAY_MS = 1000;

type Listener = (event: ProgressEvent) => void;

/**
 * Live progress across a user's pages and devices, across server instances: every save is
 * published with PostgreSQL NOTIFY; each instance LISTENs on one connection of its own (opened when
 * its first page subscribes) and hands events to that user's open event streams.
 */
export function createProgressEvents(
  db: Database,
  connectionString: string,
  log: { warn(obj: object, msg: string): void },
) {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let stopped = false;

  function dispatch(payload: string | undefined) {
    if (!payload) return;
    let message: { userId: string; event: ProgressEvent };
    try {
      message = JSON.parse(payload) as { userId: string; event: ProgressEvent };
    } catch {
      return;
    }
    for (const listener of listeners.get(message.userId) ?? []) listener(message.event);
  }

  function connect(): Promise<void> {
    if (client || connecting || stopped) return connecting ?? Promise.resolve();
    const next = new pg.Client({ connectionString });
    const reconnect = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      if (!stopped && listeners.size > 0)
        setTimeout(() => void connect(), RECONNECT_DELAY_MS).unref();
    };
    next.on('notification', (message) => dispatch(message.payload));
    next.on('error', (error) => {
      log.warn({ err: error }, 'live progress listener lost its connection');
      reconnect();
    });
    next.on('end', reconnect);
    connecting = next
      .connect()
      .then(() => next.query(`listen ${CHANNEL}`))
      .then(() => {
        client = next;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'live progress listener could not connect');
        next.end().catch(() => undefined);
        if (!stopped) setTimeout(() => void connect(), RECONNECT_DELAY_MS).unref();
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  return {
    async publish(userId: string, event: ProgressEvent) {
      await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ userId, event })})`);
    },

    /** Registers a listener; resolves once this instance is listening. Returns the unsubscribe. */
    async subscribe(userId: string, listener: Listener): Promise<() => void> {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      await connect();
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },

    async stop() {
      stopped = true;
      listeners.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

export type ProgressEvents = ReturnType<typeof createProgressEvents>;
