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
  /**
   * Users whose sessions ended (sign-out, password reset, account deletion) or whose role
   * changed: every instance forgets what it knows of their sessions (decision 032).
   */
  sessionsOf?: string[];
}

/** Who a session notice is about: some users, or everyone (a lost or unreadable notice). */
export type SessionsChanged = readonly string[] | 'all';

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
  const sessionDroppers = new Set<(changed: SessionsChanged) => void>();
  let removeListening: (() => void) | undefined;
  let removeHandler: (() => void) | undefined;

  function drop(scopes: readonly ChangeScope[]) {
    for (const scope of new Set(scopes)) {
      for (const dropper of droppers.get(scope) ?? []) dropper();
    }
  }

  function dropSessions(changed: SessionsChanged) {
    for (const dropper of sessionDroppers) dropper(changed);
  }

  function dropEverything() {
    drop(changeScopes);
    dropSessions('all');
  }

  /** A notice from the wire; one that cannot be read drops everything (it was about something). */
  function receive(notice: unknown) {
    const { scopes, sessionsOf } = (notice ?? {}) as Partial<ChangeNotice>;
    const usersOk =
      sessionsOf === undefined ||
      (Array.isArray(sessionsOf) && sessionsOf.every((id) => typeof id === 'string'));
    if (!Array.isArray(scopes) || !scopes.every(isScope) || !usersOk) {
      log.warn({ notice }, 'unreadable change notice: dropping every cached copy');
      dropEverything();
      return;
    }
    drop(scopes);
    if (sessionsOf && sessionsOf.length > 0) dropSessions(sessionsOf);
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

    /** Registers how this instance forgets sessions it knows. Returns the remover. */
    onSessionsChange(dropper: (changed: SessionsChanged) => void): () => void {
      sessionDroppers.add(dropper);
      return () => sessionDroppers.delete(dropper);
    },

    /**
     * After sessions ended or a role changed (committed): this instance forgets those users'
     * sessions at once, then tells every instance; resolves once the notice is committed, so an
     * instance that catches up ({@link caughtUp}) after the answer reporting the change has seen
     * it. Never rejects (a failure is logged; other copies then end with their lifetime).
     */
    async announceSessionsChanged(userIds: readonly string[]): Promise<void> {
      const users = [...new Set(userIds)];
      if (users.length === 0) return;
      dropSessions(users);
      try {
        await channel.publish({ scopes: [], sessionsOf: users });
      } catch (error) {
        log.error({ err: error }, 'session change notice could not be published');
      }
    },

    /**
     * Resolves once this instance has handled every notice committed before the call (one round
     * trip on the listening connection, shared by concurrent callers); rejects when it is not
     * listening. What a copy may be trusted for: it reflects every change announced before.
     */
    caughtUp: () => channel.sync(),

    /** Starts listening; resolves once this instance hears notices (or has tried to). */
    async start(): Promise<void> {
      removeListening ??= channel.onListening(dropEverything);
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
