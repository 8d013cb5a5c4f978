import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    '/library',
    '/player/42',
    '/story/el-faro?chapter=2#t=10',
    '/library?q=faro',
    '/#support',
  ])('keeps the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['an empty string', ''],
    ['a relative path', 'library'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash later on', '/a\\b'],
    ['a tab before the host', '/\t/evil.example'],
    ['a newline', '/library\n'],
    ['a space before the path', ' /library'],
    ['the sign-in page', '/auth'],
    ['the sign-in page with a query', '/auth?next=/library'],
    ['the sign-up page with a trailing slash', '/onboarding/'],
    ['the confirmation page in capitals', '/EMAIL-CONFIRMATION?token=x'],
    ['the password pages', '/reset-password'],
  ])('refuses %s and returns /', (_, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('withReturnPath', () => {
  it('carries a page worth returning to, encoded', () => {
    expect(withReturnPath('/auth', '/library?q=el faro')).toBe(
      '/auth?next=%2Flibrary%3Fq%3Del%20faro',
    );
  });

  it('leaves the plain address for the home page, an auth page or anything unsafe', () => {
    expect(withReturnPath('/auth', '/')).toBe('/auth');
    expect(withReturnPath('/onboarding', '/auth')).toBe('/onboarding');
    expect(withReturnPath('/auth', '//evil.example')).toBe('/auth');
  });
});
