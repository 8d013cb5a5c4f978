import type { NotifyChannel } from '../db/notify-channel.ts';

/** The PostgreSQL channel that carries change notices between instances. */
export const CHANGES_CHANNEL = 'relatos_changes';

/**
 * What an administrator's change can make stale: each scope names per-instance copies that
 * every instance drops when it hears of a change (site settings with the logo and site images;
 * the active tracking tags, which the pages' policy follows; the published story list).
 */
export const changeScopes = ['site-settings', 'tracking-tags', 'stories'] as const;
export type ChangeScope = (typeof changeScopes)[number];

/** The notice sent over the channel. */
export interface ChangeNotice {
  scopes: ChangeScope[];
}

const isScope = (value: unknown): value is ChangeScope =>
  typeof value === 'string' && (changeScopes as readonly string[]).includes(value);

/**
 * Change notices (decision 025): after a committed change, the instance that made it drops its
 * own copies at once and publishes a notice on {@link CHANGES_CHANNEL}; every instance (that one
 * too) drops the named copies when the notice arrives. Each time this instance starts listening
 * again after losing its LISTEN connection, it drops everything, since notices sent meanwhile
 * are lost. Per-instance copies also keep their own short lifetimes, so a notice that could not
 * be published (the database gone between the commit and the notice) costs at most that long.
 */
export function createChangeNotices(deps: {
  channel: NotifyChannel<ChangeNotice>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { channel, log } = deps;
  const droppers = new Map<ChangeScope, Set<() => void>>();
  let removeListening: (() => void) | undefined;
  let removeHandler: (() => void) | undefined;

  function drop(scopes: readonly ChangeScope[]) {
    for (const scope of new Set(scopes)) {
      for (const dropper of droppers.get(scope) ?? []) dropper();
    }
  }

  /** A notice from the wire; one that cannot be read drops everything (it was about something). */
  function receive(notice: unknown) {
    const scopes = (notice as Partial<ChangeNotice> | null)?.scopes;
    if (!Array.isArray(scopes) || !scopes.every(isScope)) {
      log.warn({ notice }, 'unreadable change notice: dropping every cached copy');
      drop(changeScopes);
      return;
    }
    drop(scopes);
  }

  async function announce(scopes: readonly ChangeScope[]): Promise<void> {
    drop(scopes);
    try {
      await channel.publish({ scopes: [...new Set(scopes)] });
    } catch (error) {
      // The change is committed; other instances catch up when their copies expire.
      log.error({ err: error, scopes }, 'change notice could not be published');
    }
  }

  return {
    /** Registers how this instance drops its copies of a scope. Returns the remover. */
    onChange(scope: ChangeScope, dropper: () => void): () => void {
      const set = droppers.get(scope) ?? new Set();
      set.add(dropper);
      droppers.set(scope, set);
      return () => set.delete(dropper);
    },

    /**
     * After a committed change: drops this instance's copies, then tells every instance. Resolves
     * once the notice is sent; never rejects (a failure is logged).
     */
    announce,

    /** Every scope at once ("Clear Cache"). */
    announceAll: () => announce(changeScopes),

    /** Starts listening; resolves once this instance hears notices (or has tried to). */
    async start(): Promise<void> {
      removeListening ??= channel.onListening(() => drop(changeScopes));
      removeHandler ??= await channel.subscribe(receive);
    },

    async stop(): Promise<void> {
      removeListening?.();
      removeHandler?.();
      await channel.stop();
    },
  };
}

export type ChangeNotices = ReturnType<typeof createChangeNotices>;
