import type { ChangeNotices, SessionsChanged } from '../../lib/change-notices.ts';
import { anonymousViewer, type Viewer } from '../../lib/viewer.ts';
import type { Auth } from './auth-instance.ts';
import { SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS } from './auth-instance.ts';
import { signedCookieReader } from './session-cookie.ts';
import type { ActiveSession, SessionsRepository } from './sessions.repository.ts';

/** What better-auth signs its cookies with and calls them (read once from its context). */
interface CookieSettings {
  read: ReturnType<typeof signedCookieReader>;
  sessionToken: string;
  dontRemember: string;
}

/**
 * How long this instance keeps a session it looked up. Every ending or role change is announced
 * to every instance (lib/change-notices.ts) and a copy is used only after this instance caught up
 * with the notices; the lifetime only bounds a notice that could not be published between a
 * change's commit and its notice.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/**
 * How long a request waits for this instance to catch up with the notices before it asks the
 * database instead (a listening connection to a database that stopped answering never answers;
 * the pool's own timeouts then turn the request into a 503).
 */
const CAUGHT_UP_TIMEOUT_MS = 2_000;

/** Sessions known at once; beyond, the oldest is forgotten first. */
const SESSION_CACHE_MAX = 10_000;

interface KnownSession {
  viewer: Viewer & { userId: string };
  expiresAt: number;
  knownUntil: number;
}

/**
 * The signed-in path (decision 032). better-auth's getSession crosses its endpoint machinery,
 * checks the cookie's signature with WebCrypto and runs its own queries; every signed-in API
 * request paid that and a role query besides. Here the cookie is checked the way better-call
 * signs it, and who holds the session comes from this instance's short-lived copy or one prepared
 * statement. The copy forgets a user's sessions when any instance announces that they ended or
 * that the user's role changed, and everything when the notice listener connects again (notices
 * sent meanwhile are lost); before a copy answers, this instance makes sure it has heard every
 * notice committed until then. A failing database fails the request (never "signed out").
 */
export function createSessionLookup(deps: {
  auth: Auth;
  sessions: SessionsRepository;
  changes: ChangeNotices;
  now?: () => number;
}) {
  const { sessions, changes, now = Date.now } = deps;
  const known = new Map<string, KnownSession>();
  /** Counts the notices heard, so a lookup that overlapped one is used but not kept. */
  let droppedGeneration = 0;
  changes.onSessionsChange((changed: SessionsChanged) => {
    droppedGeneration += 1;
    if (changed === 'all') {
      known.clear();
      return;
    }
    const users = new Set(changed);
    for (const [token, session] of known) {
      if (users.has(session.viewer.userId)) known.delete(token);
    }
  });

  /**
   * Set while a catch-up has not answered in time: copies are not used (the database is asked)
   * until that round trip ends one way or the other, so a hung listening connection costs one
   * wait, not one per request.
   */
  let stalled = false;
  async function caughtUpInTime(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CAUGHT_UP_TIMEOUT_MS);
    });
    const caughtUp = changes.caughtUp().then(
      () => true,
      () => false,
    );
    const outcome = await Promise.race([caughtUp, late]);
    clearTimeout(timer);
    if (outcome !== 'late') return outcome;
    stalled = true;
    void caughtUp.then(() => {
      stalled = false;
    });
    return false;
  }

  let settings: CookieSettings | undefined;
  const cookieSettings = async (): Promise<CookieSettings> => {
    if (settings) return settings;
    const context = await deps.auth.$context;
    settings = {
      read: signedCookieReader(context.secret),
      sessionToken: context.authCookies.sessionToken.name,
      dontRemember: context.authCookies.dontRememberToken.name,
    };
    return settings;
  };

  /** The session token the request's cookie carries, when better-auth signed it. */
  async function tokenOf(cookieHeader: string | null | undefined) {
    if (!cookieHeader) return undefined;
    const { read, sessionToken } = await cookieSettings();
    return read(cookieHeader, sessionToken);
  }

  return {
    /** Who is asking: never extends a session, never writes. */
    async viewer(cookieHeader: string | null | undefined): Promise<Viewer> {
      const token = await tokenOf(cookieHeader);
      if (!token) return anonymousViewer;
      const at = now();
      const copy = known.get(token);
      if (copy && copy.knownUntil > at && copy.expiresAt > at && !stalled) {
        // Trusted only once every notice committed before this request has been handled here:
        // an ending announced anywhere is seen on the very next request (a shared round trip on
        // the listening connection). Not listening: ask the database.
        const caughtUp = await caughtUpInTime();
        if (caughtUp && known.get(token) === copy) return copy.viewer;
      }
      known.delete(token);
      // Noted before the query: a notice that arrives while it runs must not be overwritten by
      // what the query read before that change.
      const generation = droppedGeneration;
      const found = await sessions.findViewer(token);
      if (!found) return anonymousViewer;
      if (generation === droppedGeneration) {
        if (known.size >= SESSION_CACHE_MAX) known.delete(known.keys().next().value!);
        known.set(token, {
          viewer: found.viewer,
          expiresAt: found.expiresAt.getTime(),
          knownUntil: at + SESSION_CACHE_TTL_MS,
        });
      }
      return found.viewer;
    },

    /**
     * The session check's quick answer: the live session and its user, when the answer needs no
     * cookie change. Undefined when better-auth must answer: a cookie that is not ours or names no
     * live session (it clears the cookie and removes an expired session) or a session due for its
     * extension (it extends it and sets the cookie again), exactly as before.
     */
    async unchangedSession(cookieHeader: string | null | undefined) {
      const token = await tokenOf(cookieHeader);
      if (!token) return undefined;
      const session = await sessions.findActive(token);
      if (!session) return undefined;
      // better-auth extends only remembered sessions ("remember me" off leaves a dont_remember
      // cookie), and only once they are older than the refresh age.
      const { read, dontRemember } = await cookieSettings();
      if (!read(cookieHeader, dontRemember) && isDueForRefresh(session)) {
        return undefined;
      }
      return session;
    },
  };
}

/** better-auth's rule: extend once `updateAge` has passed since the session was last extended. */
export const isDueForRefresh = (session: ActiveSession, now = Date.now()) =>
  session.expiresAt.getTime() -
    SESSION_LIFETIME_SECONDS * 1000 +
    SESSION_REFRESH_AGE_SECONDS * 1000 <=
  now;

export type SessionLookup = ReturnType<typeof createSessionLookup>;
