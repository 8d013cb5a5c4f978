import { betterAuth } from 'better-auth';
import type { AuthAdapter } from '../../db/auth-adapter.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/validation/account-rules';

export const SESSION_COOKIE_PREFIX = 'relatos';

/** Whether a request carries a session cookie at all (requests without one skip the lookup). */
export const hasSessionCookie = (cookie: string | undefined) =>
  cookie !== undefined && cookie.includes(`${SESSION_COOKIE_PREFIX}.session_token=`);
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** A session used after this age is extended (the spec's token refresh, on server sessions). */
export const SESSION_REFRESH_AGE_SECONDS = 24 * 60 * 60;
export const EMAIL_CONFIRMATION_LIFETIME_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_LIFETIME_SECONDS = 60 * 60;
/** Header our routes set from request.ip, so better-auth never trusts a client's own header. */
export const CLIENT_IP_HEADER = 'x-relatos-client-ip';

export interface AuthHooks {
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
  sendConfirmation(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  sendPasswordReset(user: { id: string; email: string }, token: string): Promise<void>;
  onExistingUserSignUp(user: { email: string }): Promise<void>;
}

/**
 * better-auth does the hard parts (password hashing with scrypt, sessions, signed cookies, token
 * checks). It is called only through `auth.api.*` from our own Fastify routes; its HTTP handler is
 * never mounted. Our additions (single-use links, per-email limits, audit) live in auth.service.ts.
 */
export function createAuth(options: {
  database: AuthAdapter;
  secret: string;
  publicUrl: string;
  hooks: AuthHooks;
  /** The app's logger: better-auth's own lines become JSON lines like every other. */
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { hooks } = options;
  return betterAuth({
    appName: 'Relatos',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.publicUrl],
    database: options.database,
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic (and audited by us); only real problems are logged.
    // Only an error argument is kept (through the app's serializer, which drops query
    // parameters): other arguments can carry what a user typed.
    logger: {
      level: 'error',
      log: (level, message, ...args) => {
        const err = args.find((arg): arg is Error => arg instanceof Error);
        options.log[level === 'error' ? 'error' : 'warn'](
          err ? { err } : {},
          `better-auth: ${message}`,
        );
      },
    },
    // Per-email limits live in our rate_limits table, shared by every instance.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => hooks.sendPasswordReset(user, token),
      onExistingUserSignUp: async ({ user }) => hooks.onExistingUserSignUp(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_CONFIRMATION_LIFETIME_SECONDS,
      sendVerificationEmail: async ({ user, token }) => hooks.sendConfirmation(user, token),
    },
    user: { deleteUser: { enabled: true } },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
    },
    databaseHooks: {
      user: { create: { after: async (user) => hooks.onUserCreated(user) } },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
