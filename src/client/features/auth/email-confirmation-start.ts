/**
 * How /email-confirmation starts, from its query string (spec, section 4):
 * - an error marker (`error`, `error_code`, `error_description`, carried over from a fragment):
 *   expired when the code is otp_expired or the description mentions expiry, otherwise error;
 * - a signed-in user: success at once;
 * - our link's `token`: confirm it with the server;
 * - nothing usable (no token, or the hosted backend's access tokens we cannot use): error.
 */
export type ConfirmationStart =
  | { state: 'success' }
  | { state: 'expired' }
  | { state: 'error' }
  | { state: 'confirm'; token: string };

export function getConfirmationStart(
  params: URLSearchParams,
  { signedIn }: { signedIn: boolean },
): ConfirmationStart {
  const error = params.get('error');
  const errorCode = params.get('error_code');
  const description = params.get('error_description');
  if (error !== null || errorCode !== null || description !== null) {
    const expired = errorCode === 'otp_expired' || /expired/i.test(description ?? '');
    return { state: expired ? 'expired' : 'error' };
  }
  if (signedIn) return { state: 'success' };
  const token = params.get('token')?.trim();
  if (token) return { state: 'confirm', token };
  return { state: 'error' };
}
