import { createContext, useContext } from 'react';
import type { CurrentUser } from '#shared/contracts/auth';
import type { SignInInput } from './api/sign-in';
import type { SignUpInput } from './api/sign-up';

export type AuthStatus = 'loading' | 'signed_in' | 'signed_out';

/** The spec's session states (section 4), as the last thing that happened to the session. */
export type AuthEvent =
  'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'PASSWORD_RECOVERY' | 'USER_UPDATED';

export interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  lastEvent: AuthEvent | null;
  /** Resolves with the signed-in user; rejects with the API's error (ApiError). */
  signIn: (input: SignInInput) => Promise<CurrentUser>;
  /** Creates the account and remembers its e-mail as pendingConfirmationEmail. */
  signUp: (input: SignUpInput) => Promise<{ email: string }>;
  /**
   * Ends the session on the server, then locally; never rejects. `local: true` skips the server
   * call (the session is already gone, after an account deletion for instance). `onSignedOut`
   * runs with the state change, in the same render: pass the navigation that follows (the spec's
   * "signs out, then goes to /") there, so the page being left never sees the signed-out state.
   */
  signOut: (options?: { local?: boolean; onSignedOut?: () => void }) => Promise<void>;
  /** Re-reads the session now (the 30 s tick does the same). */
  refresh: () => Promise<void>;
  /** Confirms an e-mail address with the token of its link; the user is then signed in. */
  confirmEmail: (token: string) => Promise<CurrentUser>;
  /** The profile changed (name, avatar): the header and every reader see it at once. */
  updateUser: (changes: Partial<Pick<CurrentUser, 'fullName' | 'avatarUrl'>>) => void;
  /** A valid password-reset link was opened. */
  notifyPasswordRecovery: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state and actions. Throws when used outside <AuthProvider> (spec, section 8). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
