import { anonymousViewer, type Viewer } from '../../lib/viewer.ts';
import type { Auth } from './auth-instance.ts';
import { SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS } from './auth-instance.ts';
import { readSignedCookie } from './session-cookie.ts';
import type { ActiveSession, SessionsRepository } from './sessions.repository.ts';

/** What better-auth signs its cookies with and calls them (read once from its context). */
interface CookieSettings {
  secret: string;
  sessionToken: string;
  dontRemember: string;
}

/**
 * The signed-in path (decision 032). better-auth's getSession crosses its endpoint machinery,
 * checks the cookie's signature with WebCrypto and runs its own queries; every signed-in API
 * request paid that and a role query besides. Here the cookie is checked the way better-call
 * signs it and the session is read with one prepared statement. Nothing is kept between
 * requests: the sessions table is read every time, so an ended session or a changed role is seen
 * by every instance at once, and a failing database fails the request (never "signed out").
 */
export function createSessionLookup(deps: { auth: Auth; sessions: SessionsRepository }) {
  const { sessions } = deps;
  let settings: CookieSettings | undefined;
  const cookieSettings = async (): Promise<CookieSettings> => {
    if (settings) return settings;
    const context = await deps.auth.$context;
    settings = {
      secret: context.secret,
      sessionToken: context.authCookies.sessionToken.name,
      dontRemember: context.authCookies.dontRememberToken.name,
    };
    return settings;
  };

  /** The session token the request's cookie carries, when better-auth signed it. */
  async function tokenOf(cookieHeader: string | null | undefined) {
    if (!cookieHeader) return undefined;
    const { secret, sessionToken } = await cookieSettings();
    return readSignedCookie(cookieHeader, sessionToken, secret);
  }

  return {
    /** Who is asking: never extends a session, never writes. */
    async viewer(cookieHeader: string | null | undefined): Promise<Viewer> {
      const token = await tokenOf(cookieHeader);
      if (!token) return anonymousViewer;
      return (await sessions.findViewer(token)) ?? anonymousViewer;
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
      const { secret, dontRemember } = await cookieSettings();
      if (!readSignedCookie(cookieHeader, dontRemember, secret) && isDueForRefresh(session)) {
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
