import { describe, expect, it } from 'vitest';
import { isAdminPath, isKnownPagePath } from './page-routes';

describe('isKnownPagePath', () => {
  it('knows the pages of the client routes, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/library',
      '/library/',
      '/Library',
      '/library/reader/abc',
      '/story/la-casa',
      '/player/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10',
      '/profile',
      '/reset-password',
      '/admin',
      '/admin/users',
      '/admin/chapters/1/studio',
    ])
      expect(isKnownPagePath(path), path).toBe(true);
  });

  it('does not know anything else', () => {
    for (const path of [
      '/no-such-page',
      '/story',
      '/story/a/b',
      '/player',
      '/library/reader',
      '/profile/extra',
      '/administrator',
      // react-router does not read these as its pages either.
      '//library',
      '/library%2Freader%2Fabc',
    ])
      expect(isKnownPagePath(path), path).toBe(false);
  });

  it('reads percent-encoded segments as the router does', () => {
    expect(isKnownPagePath('/%6Cibrary')).toBe(true);
    expect(isKnownPagePath('/story/la%20casa')).toBe(true);
    // A malformed encoding is matched as written.
    expect(isKnownPagePath('/story/%E0%A4%A')).toBe(true);
    expect(isKnownPagePath('/%E0%A4%A')).toBe(false);
  });
});

describe('isAdminPath', () => {
  it('is the admin area at any capitalisation, percent-encoding or trailing slashes', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/tags',
      '/ADMIN/users',
      '/Admin',
      '/aDmIn/chapters/1/studio',
      '/%61dmin/users',
      '/%41DMIN',
      '/admin//',
    ])
      expect(isAdminPath(path), path).toBe(true);
  });

  it('is nothing else', () => {
    for (const path of [
      '/',
      '/library',
      '/administrator-stories',
      '/adminx',
      '//admin',
      '/admin%2Fusers',
      '/api/admin/users',
    ])
      expect(isAdminPath(path), path).toBe(false);
  });
});
