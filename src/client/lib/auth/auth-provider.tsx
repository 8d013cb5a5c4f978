import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/contracts/auth';
import { Spinner } from '#client/components/ui/spinner';
import { claimDeviceFor } from '#client/lib/offline/device-account';
import { USER_QUERY_ROOTS } from '#client/lib/query-client';
import { onSessionDoubt, setSyncAccount } from '#client/lib/sync/sync-account';
import { confirmEmailRequest } from './api/confirm-email';
import { getSession } from './api/get-session';
import { signInRequest, type SignInInput } from './api/sign-in';
import { signOutRequest } from './api/sign-out';
import { signUpRequest, type SignUpInput } from './api/sign-up';
import { applySavedTheme } from './apply-saved-theme';
import {
  AuthContext,
  type AuthContextValue,
  type AuthEvent,
  type AuthStatus,
} from './auth-context';
import {
  clearPendingConfirmationEmail,
  clearSignInFailures,
  recordSignInFailure,
  setPendingConfirmationEmail,
} from './auth-storage';

/**
 * What needs an account leaves the device with the learner (decision 040): downloads of stories
 * that require login, and the caches of what they saw. Loaded only when someone signs out.
 */
const clearSignedInData = () =>
  import('#client/lib/offline/download-manager')
    .then((offline) => offline.clearSignedInData())
    .catch(() => undefined);

/** Spec, section 9: the session is checked every 30 s (and extended by the server near expiry). */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
/**
 * A session answer the service worker gave from what it kept (the network failed, as in the first
 * moments back online) is not the server's word: it is asked again this soon while the browser
 * says it is online, a few times in a row at most, before the 30 s checks take over. A session
 * that ended elsewhere is then noticed within seconds of the connection's return.
 */
export const KEPT_SESSION_RECHECK_MS = 2_000;
const KEPT_SESSION_RECHECKS = 5;

interface AuthState {
  status: AuthStatus;
  user: CurrentUser | null;
  lastEvent: AuthEvent | null;
}

type AuthAction =
  | { type: 'signed_in'; user: CurrentUser; event: AuthEvent | null }
  | { type: 'signed_out'; event: AuthEvent | null }
  | { type: 'user_updated'; changes: Partial<CurrentUser> }
  | { type: 'event'; event: AuthEvent };

function reducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'signed_in':
      return { status: 'signed_in', user: action.user, lastEvent: action.event ?? state.lastEvent };
    case 'signed_out':
      return { status: 'signed_out', user: null, lastEvent: action.event ?? state.lastEvent };
    case 'user_updated':
      return state.user === null
        ? state
        : { ...state, user: { ...state.user, ...action.changes }, lastEvent: 'USER_UPDATED' };
    case 'event':
      return { ...state, lastEvent: action.event };
  }
}

const sameUser = (a: CurrentUser | null, b: CurrentUser | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The full-screen indicator of the spec while the session is first read. */
function AuthLoadingScreen() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-canvas">
      <Spinner />
    </div>
  );
}

/**
 * Before the first check: the session the server read for the page it sent (inlined in the HTML,
 * so a page renders at once, and identically on the server and in the browser), else loading.
 */
const initialStateOf = (initialUser: CurrentUser | null | undefined): AuthState =>
  initialUser === undefined
    ? { status: 'loading', user: null, lastEvent: null }
    : initialUser === null
      ? { status: 'signed_out', user: null, lastEvent: null }
      : { status: 'signed_in', user: initialUser, lastEvent: null };

export function AuthProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  /** The user of the session the page was served with (null: nobody); undefined: not known. */
  initialUser?: CurrentUser | null;
}) {
  const queryClient = useQueryClient();
  const [initialState] = useState(() => {
    const state = initialStateOf(initialUser);
    setSyncAccount(state.user?.id ?? null);
    return state;
  });
  const [state, dispatch] = useReducer(reducer, initialState);
  // The state as of the last action, for the asynchronous callbacks (React state lags a render).
  const stateRef = useRef(initialState);
  const update = useCallback((action: AuthAction) => {
    stateRef.current = reducer(stateRef.current, action);
    // At once, not after a render: another account's waiting writes are never sent with this one.
    setSyncAccount(stateRef.current.user?.id ?? null);
    dispatch(action);
  }, []);
  // Bumped by every sign-in and sign-out: a session check that started before one of them is
  // stale when it answers and must not undo it.
  const epochRef = useRef(0);

  /** Drops the previous user's data and refetches what depends on who is signed in. */
  const resetUserData = useCallback(() => {
    for (const queryKey of USER_QUERY_ROOTS) queryClient.removeQueries({ queryKey });
    void queryClient.invalidateQueries();
  }, [queryClient]);

  const applySession = useCallback(
    (user: CurrentUser | null, refreshed: boolean) => {
      const current = stateRef.current;
      if (user === null) {
        if (current.status === 'signed_in') {
          // The session ended (expired, signed out elsewhere): sign out cleanly.
          void clearSignedInData();
          resetUserData();
          update({ type: 'signed_out', event: 'SIGNED_OUT' });
        } else if (current.status === 'loading') {
          update({ type: 'signed_out', event: null });
        }
        return;
      }
      if (current.status !== 'signed_in') {
        update({ type: 'signed_in', user, event: refreshed ? 'TOKEN_REFRESHED' : null });
      } else if (current.user?.id !== user.id) {
        // Another account signed in from another tab.
        void clearSignedInData();
        resetUserData();
        update({ type: 'signed_in', user, event: 'SIGNED_IN' });
      } else if (refreshed) {
        update({ type: 'signed_in', user, event: 'TOKEN_REFRESHED' });
      } else if (!sameUser(current.user, user)) {
        update({ type: 'signed_in', user, event: 'USER_UPDATED' });
      }
    },
    [resetUserData, update],
  );

  const recheck = useRef({
    timer: null as ReturnType<typeof setTimeout> | null,
    count: 0,
    unmounted: false,
  });
  const checkAgainRef = useRef<() => void>(() => undefined);
  /** After a check: a kept answer is checked again soon (KEPT_SESSION_RECHECK_MS). */
  const planRecheck = useCallback((kept: boolean) => {
    const planned = recheck.current;
    if (!kept) {
      planned.count = 0;
      return;
    }
    if (planned.unmounted || planned.timer !== null) return;
    if (planned.count >= KEPT_SESSION_RECHECKS) return;
    if (typeof navigator !== 'undefined' && !navigator.onLine) return;
    planned.count += 1;
    planned.timer = setTimeout(() => {
      planned.timer = null;
      checkAgainRef.current();
    }, KEPT_SESSION_RECHECK_MS);
  }, []);
  /** A sign-in or sign-out starts afresh: no recheck of the account before it. */
  const forgetRecheck = useCallback(() => {
    const planned = recheck.current;
    if (planned.timer !== null) clearTimeout(planned.timer);
    planned.timer = null;
    planned.count = 0;
  }, []);
  useEffect(() => {
    const planned = recheck.current;
    planned.unmounted = false;
    return () => {
      planned.unmounted = true;
      forgetRecheck();
    };
  }, [forgetRecheck]);
  /** Session checks on their way (a doubt while one is under way waits for its answer). */
  const checksInFlight = useRef(0);

  const checkSession = useCallback(
    async (signal?: AbortSignal) => {
      const epoch = epochRef.current;
      checksInFlight.current += 1;
      try {
        const session = await getSession(signal);
        if (epoch !== epochRef.current || signal?.aborted) return;
        applySession(session.user, session.refreshed);
        planRecheck(session.kept);
      } catch {
        if (epoch !== epochRef.current || signal?.aborted) return;
        // The first read failed (offline, server down): treat the visitor as signed out. A later
        // failed check keeps the current state; only an answer without a user ends the session.
        if (stateRef.current.status === 'loading') update({ type: 'signed_out', event: null });
      } finally {
        checksInFlight.current -= 1;
      }
    },
    [applySession, planRecheck, update],
  );
  useEffect(() => {
    checkAgainRef.current = () => void checkSession();
  }, [checkSession]);

  useEffect(() => {
    const controller = new AbortController();
    void checkSession(controller.signal);
    return () => controller.abort();
  }, [checkSession]);

  const signedIn = state.status === 'signed_in';
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn, checkSession]);

  // Back online, the session may have ended meanwhile (or another account signed in elsewhere).
  useEffect(() => {
    const onOnline = () => void checkSession();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [checkSession]);

  // The server refused a waiting write as not this account's (decision 076): learn who it is now.
  // Several refused writes at once ask once.
  useEffect(
    () =>
      onSessionDoubt(() => {
        if (checksInFlight.current === 0) void checkSession();
      }),
    [checkSession],
  );

  // Whenever the app learns who is signed in, what another account left on the device goes
  // (a session that ended while no page was open; another learner on a shared device).
  const knownAccount = state.status === 'loading' ? undefined : (state.user?.id ?? null);
  useEffect(() => {
    if (knownAccount !== undefined) void claimDeviceFor(knownAccount, clearSignedInData);
  }, [knownAccount]);

  const acceptSignIn = useCallback(
    (user: CurrentUser) => {
      epochRef.current += 1;
      forgetRecheck();
      clearPendingConfirmationEmail();
      clearSignInFailures();
      resetUserData();
      update({ type: 'signed_in', user, event: 'SIGNED_IN' });
      void applySavedTheme();
      // The session answer the device keeps names its account for the service worker (offline,
      // it shows kept answers only to that account): asked again, it names the new one.
      void getSession().catch(() => undefined);
    },
    [forgetRecheck, resetUserData, update],
  );

  const signIn = useCallback(
    async (input: SignInInput) => {
      let user: CurrentUser;
      try {
        ({ user } = await signInRequest(input));
      } catch (error) {
        recordSignInFailure();
        throw error;
      }
      acceptSignIn(user);
      return user;
    },
    [acceptSignIn],
  );

  const confirmEmail = useCallback(
    async (token: string) => {
      const { user } = await confirmEmailRequest(token);
      acceptSignIn(user);
      return user;
    },
    [acceptSignIn],
  );

  const signUp = useCallback(async (input: SignUpInput) => {
    const result = await signUpRequest(input);
    setPendingConfirmationEmail(result.email || input.email);
    return result;
  }, []);

  const signOut = useCallback<AuthContextValue['signOut']>(
    async ({ local = false, onSignedOut } = {}) => {
      epochRef.current += 1;
      forgetRecheck();
      if (!local) {
        try {
          await signOutRequest();
        } catch {
          // Sign out locally anyway: the user asked to leave.
        }
      }
      // Also after an account deletion (`local`): nothing of the account stays on the device.
      await clearSignedInData();
      resetUserData();
      // One transition for the caller's navigation and the new state: the page being left never
      // renders signed out (a signed-in-only page would otherwise redirect to /auth first).
      startTransition(() => {
        onSignedOut?.();
        update({ type: 'signed_out', event: 'SIGNED_OUT' });
      });
    },
    [forgetRecheck, resetUserData, update],
  );

  const refresh = useCallback(() => checkSession(), [checkSession]);
  const updateUser = useCallback<AuthContextValue['updateUser']>(
    (changes) => update({ type: 'user_updated', changes }),
    [update],
  );
  const notifyPasswordRecovery = useCallback(
    () => update({ type: 'event', event: 'PASSWORD_RECOVERY' }),
    [update],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn,
      signUp,
      signOut,
      refresh,
      confirmEmail,
      updateUser,
      notifyPasswordRecovery,
    }),
    [state, signIn, signUp, signOut, refresh, confirmEmail, updateUser, notifyPasswordRecovery],
  );

  const loading = state.status === 'loading';
  return (
    <AuthContext.Provider value={value}>
      {loading ? <AuthLoadingScreen /> : null}
      {/* The pages render (hidden) while the session loads, so their code and data load meanwhile. */}
      <div hidden={loading}>{children}</div>
    </AuthContext.Provider>
  );
}
