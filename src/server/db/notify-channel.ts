import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.ts';

const RECONNECT_DELAY_MS = 1000;
/**
 * A database host that stops answering (rather than refusing) would otherwise hold a connect
 * attempt forever, and this instance would never listen again after the database recovers.
 */
const LISTEN_CONNECT_TIMEOUT_MS = 10_000;
/** Channel names go into a LISTEN statement, which takes an identifier, not a parameter. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export interface NotifyChannelOptions {
  db: Database;
  /** LISTEN needs a connection of its own, outside the pool. */
  connectionString: string;
  name: string;
  log: { warn(obj: object, msg: string): void };
  /** Bound on opening the LISTEN connection; a longer attempt fails and is retried. */
  connectTimeoutMs?: number;
}

/**
 * A PostgreSQL NOTIFY channel carrying JSON messages between every instance of the app. Publishing
 * is one statement on the pool; receiving uses one LISTEN connection per channel, opened when the
 * first handler subscribes and reopened after it is lost while anyone still listens.
 */
export function createNotifyChannel<Message>(options: NotifyChannelOptions) {
  const { db, connectionString, name, log } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? LISTEN_CONNECT_TIMEOUT_MS;
  if (!CHANNEL_NAME.test(name)) throw new Error(`Invalid channel name: ${name}`);
  const handlers = new Set<(message: Message) => void>();
  const listeningCallbacks = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let stopped = false;

  function dispatch(payload: string | undefined) {
    if (!payload) return;
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    for (const handler of handlers) handler(message);
  }

  let syncing: Promise<void> | undefined;
  let queuedSync: Promise<void> | undefined;
  function roundTrip(): Promise<void> {
    const current = client;
    const trip: Promise<void> = current
      ? // Repeating LISTEN is a no-op that costs one round trip, and the connection still shows
        // as the channel's listener (pg_stat_activity's last statement).
        current.query(`listen ${name}`).then(() => undefined)
      : Promise.reject(new Error(`not listening on ${name}`));
    const done = () => {
      if (syncing === trip) syncing = undefined;
    };
    trip.then(done, done);
    return trip;
  }

  function connect(): Promise<void> {
    if (client || connecting || stopped) return connecting ?? Promise.resolve();
    // keepAlive: a connection silently dropped by the network is noticed and reopened.
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    const reconnect = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      if (!stopped && handlers.size > 0)
        setTimeout(() => void connect(), RECONNECT_DELAY_MS).unref();
    };
    next.on('notification', (notification) => dispatch(notification.payload));
    next.on('error', (error) => {
      // After stop() the connection's end is expected, even when its server died first: the
      // process may already have written its last log line.
      if (stopped) return;
      log.warn({ err: error, channel: name }, 'channel listener lost its connection');
      reconnect();
    });
    next.on('end', reconnect);
    connecting = next
      .connect()
      .then(() => next.query(`listen ${name}`))
      .then(() => {
        client = next;
        // Messages sent while no connection listened are lost: say that listening (re)started.
        for (const callback of listeningCallbacks) callback();
      })
      .catch((error: unknown) => {
        if (!stopped) log.warn({ err: error, channel: name }, 'channel listener could not connect');
        next.end().catch(() => undefined);
        if (!stopped) setTimeout(() => void connect(), RECONNECT_DELAY_MS).unref();
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  return {
    /** Sends a message to every instance's handlers (this one's included). */
    async publish(message: Message): Promise<void> {
      await db.execute(sql`select pg_notify(${name}, ${JSON.stringify(message)})`);
    },

    /**
     * Adds a handler (a handler already added stays added once); resolves once this instance is
     * listening. Returns the handler's remover.
     */
    async subscribe(handler: (message: Message) => void): Promise<() => void> {
      handlers.add(handler);
      await connect();
      return () => handlers.delete(handler);
    },

    /**
     * Resolves once every message committed before the call has been handed to the handlers:
     * a round trip on the LISTEN connection (PostgreSQL sends the notifications it holds for a
     * session before the answer to its next statement). Calls made while a round trip is under
     * way share the next one. Rejects when this instance is not listening.
     */
    sync(): Promise<void> {
      if (!syncing) {
        syncing = roundTrip();
        return syncing;
      }
      // The round trip under way may have left before this call: only the next one counts.
      queuedSync ??= syncing
        .catch(() => undefined)
        .then(() => {
          queuedSync = undefined;
          syncing = roundTrip();
          return syncing;
        });
      return queuedSync;
    },

    /**
     * Calls `callback` each time this instance starts listening: the first time and after every
     * reconnection (messages published in between never arrive). Returns the remover.
     */
    onListening(callback: () => void): () => void {
      listeningCallbacks.add(callback);
      return () => listeningCallbacks.delete(callback);
    },

    async stop(): Promise<void> {
      stopped = true;
      handlers.clear();
      listeningCallbacks.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

export type NotifyChannel<Message> = ReturnType<typeof createNotifyChannel<Message>>;
