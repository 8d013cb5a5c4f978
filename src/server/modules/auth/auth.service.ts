import { isAPIError } from 'better-auth/api';
import type { CurrentUser } from '#shared/contracts/auth';
import { messages as sharedMessages } from '#shared/messages';
import { isValidEmail, passwordProblems } from '#shared/validation/account-rules';
import type { ExclusiveRunner } from '../../db/advisory-lock.ts';
import type { AuthAdapter } from '../../db/auth-adapter.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import type { ChangeNotices } from '../../lib/change-notices.ts';
import { AppError, rateLimited, unauthorized, validationError } from '../../lib/errors.ts';
import { codeForStatus } from '../../lib/http/error-handler.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import {
  confirmationEmail,
  existingAccountEmail,
  passwordResetEmail,
} from '../../lib/mail/templates.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import {
  addressIdentifier,
  isLoopbackAddress,
  rateLimitRules,
  type RateLimiter,
  type RateLimitRule,
} from '../../lib/rate-limiter.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { createSessionLookup } from './session-lookup.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import {
  CLIENT_IP_HEADER,
  createAuth,
  hasSessionCookie,
  EMAIL_CONFIRMATION_LIFETIME_SECONDS,
  PASSWORD_RESET_LIFETIME_SECONDS,
  type Auth,
} from './auth-instance.ts';
import { createKnownDevices } from './known-device.ts';

/** What the routes hand the service about a request: its headers (cookies) and its origin. */
export interface RequestMeta {
  headers: Headers;
  /** The Cookie header, when the caller has it at hand (the session check reads only this). */
  cookie?: string;
  origin: RequestOrigin;
}

export interface WithCookies<T> {
  result: T;
  setCookies: string[];
}

export const messages = {
  invalidCredentials: sharedMessages.auth.invalidCredentials,
  emailNotVerified:
    "Please confirm your email address before signing in. We've sent you a new confirmation link.",
  signInRateLimited: 'Too many sign-in attempts. Please try again later.',
  resetRateLimited: sharedMessages.auth.passwordResetRateLimited,
  signUpRateLimited: sharedMessages.auth.signUpRateLimited,
  resendRateLimited: 'Please wait before requesting another confirmation email',
  invalidEmail: sharedMessages.form.emailInvalid,
  invalidResetLink: sharedMessages.auth.invalidResetLink,
  confirmationExpired: sharedMessages.auth.confirmationExpired,
  confirmationFailed: sharedMessages.auth.confirmationFailed,
  alreadyConfirmed: sharedMessages.auth.alreadyConfirmed,
  wrongPassword: 'The password is not correct',
} as const;

/** Forgot-password answers take at least this long, whether or not the email exists. */
const FORGOT_PASSWORD_MIN_MS = 400;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Advisory lock of the ADMIN_EMAIL bootstrap (7_212_001 migrations, 7_212_002 demo seed). */
const ADMIN_BOOTSTRAP_LOCK_KEY = 7_212_003;

export interface AuthServiceDeps {
  accounts: AccountsRepository;
  /** The signed-in path's session lookups (decision 032). */
  sessions: SessionsRepository;
  /** Tells every instance when sessions end or a role changes (decision 032). */
  changes: ChangeNotices;
  /** One instance at a time (the ADMIN_EMAIL bootstrap). */
  exclusive: ExclusiveRunner;
  /** better-auth's tables (db/auth-adapter.ts). */
  database: AuthAdapter;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  limiter: RateLimiter;
  audit: AuditLog;
  adminEmail?: string;
  /** The platform's name as its administrator set it (mail names it: decision 025). */
  siteName: () => Promise<string>;
  /** Removes a deleted account's avatar file (its object and record; decision 062). */
  removeAvatarFile: (avatarUrl: string | null) => Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { accounts, mailer, limiter, audit, publicUrl, log } = deps;
  const knownDevices = createKnownDevices({
    secret: deps.secret,
    secureCookie: publicUrl.startsWith('https://'),
  });

  /** Mail goes out in the background: the answer (and its timing) never depends on SMTP. */
  const sendInBackground = (compose: (siteName: string) => Parameters<Mailer['send']>[0]) => {
    deps
      .siteName()
      .then((siteName) => mailer.send(compose(siteName)))
      .catch((error: unknown) => log.error({ err: error }, 'sending mail failed'));
  };

  const auth: Auth = createAuth({
    database: deps.database,
    secret: deps.secret,
    publicUrl,
    log,
    hooks: {
      async onUserCreated(user) {
        await accounts.createAccountRows(user);
        if (deps.adminEmail && user.email.toLowerCase() === deps.adminEmail) {
          await accounts.setRole(user.id, 'admin');
        }
      },
      async sendConfirmation(user, token) {
        await accounts.storeToken(
          'email_verification',
          user.id,
          token,
          EMAIL_CONFIRMATION_LIFETIME_SECONDS,
        );
        const url = `${publicUrl}/email-confirmation?token=${encodeURIComponent(token)}`;
        sendInBackground((site) => confirmationEmail(site, user.email, user.name, url));
      },
      async sendPasswordReset(user, token) {
        await accounts.storeToken(
          'password_reset',
          user.id,
          token,
          PASSWORD_RESET_LIFETIME_SECONDS,
        );
        const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        sendInBackground((site) => passwordResetEmail(site, user.email, url));
      },
      async onExistingUserSignUp(user) {
        sendInBackground((site) =>
          existingAccountEmail(
            site,
            user.email,
            `${publicUrl}/auth`,
            `${publicUrl}/forgot-password`,
          ),
        );
      },
    },
  });

  /**
   * An account whose address the operator vouched for (ADMIN_EMAIL): made confirmed, the way
   * sign-up makes one (same hash, same credential row, same creation hook), but without sign-up's
   * "confirm your account" mail, which would ask the owner to confirm what is already confirmed.
   */
  async function createConfirmedAccount(email: string, password: string) {
    const context = await auth.$context;
    const hash = await context.password.hash(password);
    const user = await context.internalAdapter.createUser(
      { email, name: 'Administrator', emailVerified: true },
      { method: 'email-password' },
    );
    try {
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: hash,
      });
    } catch (error) {
      // No account without a way to sign in: the next start tries again from nothing.
      await context.internalAdapter.deleteUser(user.id);
      throw error;
    }
    return user.id;
  }

  const { changes } = deps;
  const sessionLookup = createSessionLookup({ auth, sessions: deps.sessions, changes });

  const authHeaders = (meta: RequestMeta) => {
    const headers = new Headers(meta.headers);
    headers.delete(CLIENT_IP_HEADER);
    if (meta.origin.ip) headers.set(CLIENT_IP_HEADER, meta.origin.ip);
    return headers;
  };

  /** A limiter whose store fails lets the action proceed (spec), and says so in the log. */
  async function checkLimit(rule: RateLimitRule, identifier: string, origin: RequestOrigin) {
    try {
      return await limiter.hit(rule, identifier, origin);
    } catch (error) {
      log.warn(
        { err: error, action: rule.action },
        'rate limiter unavailable; allowing the attempt',
      );
      return { allowed: true as const, attempts: 0 };
    }
  }

  /**
   * The counts a sign-in attempt goes into, the account's own first (decision 029). A browser
   * that signed in to this account before has a bucket of its own, so wrong passwords typed
   * elsewhere cannot lock its owner out. Any other attempt counts per email, and per client
   * address across emails unless the address is loopback (this host, or a proxy the server was
   * not told to trust: decision 026).
   */
  function signInLimits(
    email: string,
    knownDeviceId: string | undefined,
    origin: RequestOrigin,
  ): [RateLimitRule, string][] {
    if (knownDeviceId) return [[rateLimitRules.signInKnownDevice, `${email}|${knownDeviceId}`]];
    const limits: [RateLimitRule, string][] = [[rateLimitRules.signIn, email]];
    if (!isLoopbackAddress(origin.ip)) {
      limits.push([rateLimitRules.signInAddress, addressIdentifier(origin)]);
    }
    return limits;
  }

  async function currentUser(userId: string): Promise<CurrentUser> {
    const user = await accounts.loadCurrentUser(userId);
    if (!user) throw unauthorized();
    return user;
  }

  function assertEmail(email: string) {
    if (!isValidEmail(email)) throw validationError(messages.invalidEmail);
  }

  function assertStrongPassword(password: string) {
    const problems = passwordProblems(password);
    if (problems.length > 0) throw validationError(problems.join('. '), { problems });
  }

  return {
    auth,

    async signUp(input: { email: string; password: string; fullName: string }, meta: RequestMeta) {
      assertEmail(input.email);
      assertStrongPassword(input.password);
      // Every sign-up mails the address (a confirmation, or an 'account exists' note), so both
      // the address's owner and the client are limited before anything is sent.
      // A loopback client is this host itself: a developer, or a proxy the server was not told
      // to trust, where one shared count would let one visitor lock everyone out of signing up.
      const limits: [RateLimitRule, string][] = [
        [rateLimitRules.signUpEmail, input.email.trim().toLowerCase()],
      ];
      if (!isLoopbackAddress(meta.origin.ip)) {
        limits.push([rateLimitRules.signUpAddress, addressIdentifier(meta.origin)]);
      }
      for (const [rule, identifier] of limits) {
        const verdict = await checkLimit(rule, identifier, meta.origin);
        if (!verdict.allowed) {
          throw rateLimited(messages.signUpRateLimited, {
            retryAfterSeconds: verdict.retryAfterSeconds,
          });
        }
      }
      try {
        await auth.api.signUpEmail({
          body: { email: input.email, password: input.password, name: input.fullName },
          headers: authHeaders(meta),
        });
      } catch (error) {
        throw translateAuthError(error);
      }
      return { email: input.email };
    },

    async signIn(
      input: { email: string; password: string; rememberMe: boolean },
      meta: RequestMeta,
    ): Promise<WithCookies<CurrentUser>> {
      const device = knownDevices.read(meta.headers.get('cookie'));
      const knownDevice = knownDevices.knows(device, input.email);
      const limits = signInLimits(input.email, knownDevice ? device.id : undefined, meta.origin);
      for (const [rule, identifier] of limits) {
        const verdict = await checkLimit(rule, identifier, meta.origin);
        if (verdict.allowed) continue;
        await audit.record({
          action: 'rate_limited_signin',
          details: { email: input.email, attempts: verdict.attempts, limit: rule.action },
          origin: meta.origin,
        });
        throw rateLimited(messages.signInRateLimited, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
          headers: authHeaders(meta),
          returnHeaders: true,
        });
        // The owner's own count starts again; the per-address count does not (one's own account
        // must not buy more guesses at others').
        const [ownRule, ownIdentifier] = limits[0]!;
        await limiter.reset(ownRule, ownIdentifier).catch(() => undefined);
        await audit.record({
          action: 'successful_signin',
          userId: response.user.id,
          origin: meta.origin,
        });
        return {
          result: await currentUser(response.user.id),
          setCookies: [...headers.getSetCookie(), knownDevices.remember(device, input.email)],
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        const translated = translateAuthError(error);
        if (translated.code === 'INVALID_CREDENTIALS' || translated.code === 'EMAIL_NOT_VERIFIED') {
          const userId = await accounts.findUserIdByEmail(input.email);
          await audit.record({
            action: 'failed_signin',
            userId: userId ?? null,
            details: { email: input.email, reason: translated.code.toLowerCase() },
            origin: meta.origin,
          });
        }
        throw translated;
      }
    },

    async signOut(meta: RequestMeta): Promise<WithCookies<null>> {
      try {
        const { userId } = await sessionLookup.viewer(meta.headers.get('cookie') ?? undefined);
        const { headers } = await auth.api.signOut({
          headers: authHeaders(meta),
          returnHeaders: true,
        });
        if (userId) await changes.announceSessionsChanged([userId]);
        return { result: null, setCookies: headers.getSetCookie() };
      } catch {
        // No session to end: still clear whatever cookie the browser holds.
        return { result: null, setCookies: [] };
      }
    },

    /** The session check the client runs every 30 s; extends a session close to expiry. */
    async getSession(meta: RequestMeta) {
      const cookie = 'cookie' in meta ? meta.cookie : (meta.headers.get('cookie') ?? undefined);
      if (!hasSessionCookie(cookie)) {
        return { result: { user: null, session: null, refreshed: false }, setCookies: [] };
      }
      // Most checks change nothing: one query answers them. better-auth answers the others
      // (a session to extend, a cookie to clear), as it always did.
      const unchanged = await sessionLookup.unchangedSession(cookie);
      if (unchanged) {
        return {
          result: {
            user: unchanged.user,
            session: { expiresAt: unchanged.expiresAt.toISOString() },
            refreshed: false,
          },
          setCookies: [],
        };
      }
      const { headers, response } = await auth.api.getSession({
        headers: authHeaders(meta),
        returnHeaders: true,
      });
      const setCookies = headers.getSetCookie();
      if (!response) return { result: { user: null, session: null, refreshed: false }, setCookies };
      const refreshed = setCookies.some((cookie) => cookie.includes('session_token='));
      return {
        result: {
          user: await currentUser(response.user.id),
          session: { expiresAt: new Date(response.session.expiresAt).toISOString() },
          refreshed,
        },
        setCookies,
      };
    },

    /**
     * Who is asking, for every API request: never extends a session, never writes. A database
     * failure propagates (the request fails with 503), never reads as "signed out".
     */
    resolveViewer: (cookieHeader: string | undefined): Promise<Viewer> =>
      sessionLookup.viewer(cookieHeader),

    async confirmEmail(token: string, meta: RequestMeta): Promise<WithCookies<CurrentUser>> {
      const claim = await accounts.claimToken('email_verification', token);
      // A used link never signs anyone in; it only says so when its account is confirmed.
      if (claim.status === 'used') {
        const user = await accounts.loadCurrentUser(claim.userId);
        if (user?.emailVerified) {
          throw new AppError('ALREADY_CONFIRMED', messages.alreadyConfirmed);
        }
      }
      if (claim.status !== 'claimed') {
        throw claim.status === 'expired'
          ? new AppError('TOKEN_EXPIRED', messages.confirmationExpired)
          : new AppError('TOKEN_INVALID', messages.confirmationFailed);
      }
      try {
        const { headers } = await auth.api.verifyEmail({
          query: { token },
          headers: authHeaders(meta),
          returnHeaders: true,
        });
        return { result: await currentUser(claim.userId), setCookies: headers.getSetCookie() };
      } catch (error) {
        if (error instanceof AppError) throw error;
        const expired =
          isAPIError(error) && /expired/i.test(String(error.body?.message ?? error.body?.code));
        throw expired
          ? new AppError('TOKEN_EXPIRED', messages.confirmationExpired)
          : new AppError('TOKEN_INVALID', messages.confirmationFailed);
      }
    },

    async resendConfirmation(email: string, meta: RequestMeta) {
      assertEmail(email);
      const verdict = await checkLimit(rateLimitRules.resendConfirmation, email, meta.origin);
      if (!verdict.allowed) {
        throw rateLimited(messages.resendRateLimited, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      try {
        await auth.api.sendVerificationEmail({
          body: { email, callbackURL: '/' },
          headers: authHeaders(meta),
        });
      } catch (error) {
        // Unknown or already confirmed emails get the same answer as the others.
        log.warn(
          { code: isAPIError(error) ? error.body?.code : 'unknown' },
          'confirmation resend refused',
        );
      }
      return { ok: true as const };
    },

    async forgotPassword(email: string, meta: RequestMeta) {
      assertEmail(email);
      const started = Date.now();
      const verdict = await checkLimit(rateLimitRules.passwordReset, email, meta.origin);
      if (!verdict.allowed) {
        throw rateLimited(messages.resetRateLimited, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      const userId = await accounts.findUserIdByEmail(email);
      try {
        await auth.api.requestPasswordReset({
          body: { email, redirectTo: `${publicUrl}/reset-password` },
          headers: authHeaders(meta),
        });
      } catch (error) {
        log.warn(
          { code: isAPIError(error) ? error.body?.code : 'unknown' },
          'password reset request failed',
        );
      }
      await audit.record({
        action: 'password_reset_requested',
        userId: userId ?? null,
        details: { email, account_exists: userId !== undefined },
        origin: meta.origin,
      });
      // Same answer, similar time: known and unknown emails are indistinguishable from outside.
      await delay(Math.max(0, FORGOT_PASSWORD_MIN_MS - (Date.now() - started)));
      return { ok: true as const };
    },

    async checkResetToken(token: string) {
      return { valid: await accounts.isTokenUsable('password_reset', token) };
    },

    async resetPassword(token: string, newPassword: string, meta: RequestMeta) {
      assertStrongPassword(newPassword);
      const claim = await accounts.claimToken('password_reset', token);
      if (claim.status !== 'claimed') {
        await audit.record({
          action: 'password_reset_failed',
          details: { reason: claim.status },
          origin: meta.origin,
        });
        throw new AppError('TOKEN_INVALID', messages.invalidResetLink);
      }
      try {
        await auth.api.resetPassword({ body: { token, newPassword }, headers: authHeaders(meta) });
      } catch (error) {
        await audit.record({
          action: 'password_reset_failed',
          userId: claim.userId,
          details: { reason: isAPIError(error) ? String(error.body?.code) : 'error' },
          origin: meta.origin,
        });
        throw new AppError('TOKEN_INVALID', messages.invalidResetLink);
      }
      // Whoever used the link owns the mailbox: a lock others' wrong passwords put on the account
      // (the shared per-email count) no longer keeps them out on a new device (decision 029).
      const owner = await accounts.loadCurrentUser(claim.userId);
      if (owner) await limiter.reset(rateLimitRules.signIn, owner.email).catch(() => undefined);
      // better-auth ended every session of the account: every instance forgets them now.
      await changes.announceSessionsChanged([claim.userId]);
      await audit.record({ action: 'password_updated', userId: claim.userId, origin: meta.origin });
      await audit.record({
        action: 'password_reset_success',
        userId: claim.userId,
        origin: meta.origin,
      });
      return { ok: true as const };
    },

    /**
     * Deletes the account once its password is confirmed: its rows go with the user's (foreign
     * keys cascade; payments, the security log and contact messages are kept without the link,
     * decision 062), then what no row holds: the avatar's file and the rate-limit counts kept
     * under its id and e-mail address. Those come after the deletion, which they never undo.
     */
    async deleteAccount(
      userId: string,
      password: string,
      meta: RequestMeta,
    ): Promise<WithCookies<null>> {
      const owner = await accounts.loadCurrentUser(userId);
      let setCookies: string[];
      try {
        const { headers } = await auth.api.deleteUser({
          body: { password },
          headers: authHeaders(meta),
          returnHeaders: true,
        });
        setCookies = headers.getSetCookie();
      } catch (error) {
        const translated = translateAuthError(error);
        if (translated.code === 'INVALID_CREDENTIALS') {
          throw new AppError('INVALID_CREDENTIALS', messages.wrongPassword);
        }
        throw translated;
      }
      await changes.announceSessionsChanged([userId]);
      await audit.record({
        action: 'account_deleted',
        details: { former_user_id: userId },
        origin: meta.origin,
      });
      try {
        await deps.removeAvatarFile(owner?.avatarUrl ?? null);
        await limiter.forget(owner ? [userId, owner.email] : [userId]);
      } catch (error) {
        log.error({ err: error, userId }, 'a deleted account left files or counts behind');
      }
      return { result: null, setCookies };
    },

    /**
     * Creates (or promotes) the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD at start.
     * Instances starting together would both find no account and race to create it; one at a
     * time, the second finds the first's account and only promotes it.
     */
    ensureAdmin(email: string, password: string | undefined) {
      return deps.exclusive(ADMIN_BOOTSTRAP_LOCK_KEY, async () => {
        const existing = await accounts.findUserIdByEmail(email);
        if (existing) {
          await accounts.setRole(existing, 'admin');
          await changes.announceSessionsChanged([existing]);
          return 'promoted' as const;
        }
        if (!password) return 'waiting-for-sign-up' as const;
        assertStrongPassword(password);
        const userId = await createConfirmedAccount(email, password);
        await accounts.setRole(userId, 'admin');
        return 'created' as const;
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** better-auth's errors in our vocabulary and the spec's words. */
export function translateAuthError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (!isAPIError(error)) throw error;
  const code = String(error.body?.code ?? '');
  const message = String(error.body?.message ?? '');
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
    case 'EMAIL_NOT_VERIFIED':
      return new AppError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return new AppError('CONFLICT', 'An account with this email already exists');
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
    case 'INVALID_EMAIL':
      return validationError(message || 'The request is not valid');
    default: {
      const status = error.statusCode;
      if (status === 401) return new AppError('UNAUTHORIZED', message || 'Sign in required');
      if (status >= 400 && status < 500)
        return new AppError(codeForStatus(status), message || 'Bad request');
      throw error;
    }
  }
}
