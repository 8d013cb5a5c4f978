import { safeReturnPath } from '#shared/return-path';

/**
 * What the auth flows keep in the browser (spec, section 4): the e-mail address awaiting
 * confirmation and the page the sign-up came from (localStorage, so the confirmation page can
 * offer a resend, and return the learner, after the e-mail link opened a new tab) and the sign-in
 * failure counter (sessionStorage). Storage may be unavailable
 * (privacy modes): every access is guarded and a failure only loses the convenience.
 */

export const PENDING_CONFIRMATION_EMAIL_KEY = 'pendingConfirmationEmail';
export const SIGN_IN_FAILURES_KEY = 'relatos.signInFailures';
export const PENDING_RETURN_PATH_KEY = 'relatos.pendingReturnPath';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const store = storage(kind);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Quota or disabled storage: nothing else to do.
  }
}

export const getPendingConfirmationEmail = (): string | null => {
  const email = read('local', PENDING_CONFIRMATION_EMAIL_KEY);
  return email === null || email.trim() === '' ? null : email;
};
export const setPendingConfirmationEmail = (email: string): void =>
  write('local', PENDING_CONFIRMATION_EMAIL_KEY, email);
export const clearPendingConfirmationEmail = (): void =>
  write('local', PENDING_CONFIRMATION_EMAIL_KEY, null);

// The page a sign-up came from, for the confirmation page (opened from the e-mail, often in a new
// tab) to return the learner to; read once. Only a same-site path is ever followed.
export const setPendingReturnPath = (path: string): void =>
  write('local', PENDING_RETURN_PATH_KEY, safeReturnPath(path));
export function takePendingReturnPath(): string {
  const path = safeReturnPath(read('local', PENDING_RETURN_PATH_KEY));
  write('local', PENDING_RETURN_PATH_KEY, null);
  return path;
}

export function getSignInFailures(): number {
  const count = Number.parseInt(read('session', SIGN_IN_FAILURES_KEY) ?? '0', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}
export const recordSignInFailure = (): void =>
  write('session', SIGN_IN_FAILURES_KEY, String(getSignInFailures() + 1));
export const clearSignInFailures = (): void => write('session', SIGN_IN_FAILURES_KEY, null);
