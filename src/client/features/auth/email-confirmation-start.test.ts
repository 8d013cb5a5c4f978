import { describe, expect, it } from 'vitest';
import { getConfirmationStart } from './email-confirmation-start';

const start = (query: string, signedIn = false) =>
  getConfirmationStart(new URLSearchParams(query), { signedIn });

describe('getConfirmationStart', () => {
  it('confirms the token of our link', () => {
    expect(start('token=abc123')).toEqual({ state: 'confirm', token: 'abc123' });
  });

  it('is an error without a token', () => {
    expect(start('')).toEqual({ state: 'error' });
    expect(start('token=%20')).toEqual({ state: 'error' });
  });

  it("is an error for the hosted backend's access tokens, which this server cannot use", () => {
    expect(start('access_token=a&refresh_token=b&type=signup')).toEqual({ state: 'error' });
  });

  it('gives a signed-in user success at once', () => {
    expect(start('', true)).toEqual({ state: 'success' });
    expect(start('token=abc123', true)).toEqual({ state: 'success' });
  });

  it('is expired when the error code is otp_expired', () => {
    expect(start('error=access_denied&error_code=otp_expired')).toEqual({ state: 'expired' });
  });

  it('is expired when the error description mentions expiry', () => {
    expect(
      start('error=access_denied&error_description=Email+link+is+invalid+or+has+Expired'),
    ).toEqual({ state: 'expired' });
  });

  it('is an error for any other error marker, even for a signed-in user or with a token', () => {
    expect(start('error=server_error&error_description=Something+broke')).toEqual({
      state: 'error',
    });
    expect(start('error_code=bad_jwt&token=abc', true)).toEqual({ state: 'error' });
  });
});
