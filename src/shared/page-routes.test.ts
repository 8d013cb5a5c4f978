import { describe, expect, it } from 'vitest';
import { isKnownPagePath } from './page-routes';

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
    ])
      expect(isKnownPagePath(path), path).toBe(false);
  });
});
