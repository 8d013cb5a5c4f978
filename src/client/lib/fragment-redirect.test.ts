// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyFragmentRedirect, getFragmentRedirect } from './fragment-redirect';

describe('getFragmentRedirect', () => {
  it('carries an access-token fragment over as the query of /email-confirmation', () => {
    expect(getFragmentRedirect('#access_token=abc&refresh_token=def&type=signup')).toBe(
      '/email-confirmation?access_token=abc&refresh_token=def&type=signup',
    );
  });

  it('redirects on an error marker', () => {
    expect(
      getFragmentRedirect(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toBe(
      '/email-confirmation?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
  });

  it('redirects on error_code alone', () => {
    expect(getFragmentRedirect('#error_code=otp_expired')).toBe(
      '/email-confirmation?error_code=otp_expired',
    );
  });

  it('accepts a fragment without its leading #', () => {
    expect(getFragmentRedirect('access_token=abc')).toBe('/email-confirmation?access_token=abc');
  });

  it.each([
    '',
    '#',
    '#main',
    '#section-2',
    '#error_description=only',
    '#my_access_token_note',
    '#refresh_token=x',
  ])('leaves %j alone', (hash) => {
    expect(getFragmentRedirect(hash)).toBeNull();
  });
});

describe('applyFragmentRedirect', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('replaces the current address without adding a history entry', () => {
    window.history.replaceState(null, '', '/#access_token=abc&type=signup');
    const lengthBefore = window.history.length;
    expect(applyFragmentRedirect()).toBe(true);
    expect(window.location.pathname).toBe('/email-confirmation');
    expect(window.location.search).toBe('?access_token=abc&type=signup');
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(lengthBefore);
  });

  it('does nothing for an ordinary in-page anchor', () => {
    window.history.replaceState(null, '', '/help#contact');
    expect(applyFragmentRedirect()).toBe(false);
    expect(window.location.pathname).toBe('/help');
    expect(window.location.hash).toBe('#contact');
  });
});
