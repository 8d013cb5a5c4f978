import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAdminPath, isKnownPagePath, PAGE_PATHS } from '#shared/page-routes';

/**
 * The server and the service worker decide what a page is (and whether it is the admin area) with
 * src/shared/page-routes.ts; the browser's router decides what it shows. Both must read every
 * address alike, or a page could show the admin area under a policy that admits tracking tags
 * (issue 23). Here react-router itself matches the route table routes.tsx declares.
 */
const routeTable: RouteObject[] = [
  {
    children: [
      ...Object.entries(PAGE_PATHS).map(([id, path]) => ({ id, path })),
      { id: 'not-found', path: '*' },
    ],
  },
];

const routerShows = (pathName: string) =>
  matchRoutes(routeTable, pathName)?.at(-1)?.route.id ?? 'not-found';

const addresses = [
  '/',
  '//',
  '/library',
  '/LIBRARY/',
  '//library',
  '/%6Cibrary',
  '/library/reader/abc',
  '/library/reader/a%2Fb',
  '/library%2Freader%2Fabc',
  '/story/la%20casa',
  '/story/%E0%A4%A',
  '/story/a/b',
  '/player/',
  '/admin',
  '/admin/',
  '/admin//',
  '/Admin',
  '/ADMIN/users',
  '/aDmIn/chapters/1/studio',
  '/%61dmin',
  '/%41DMIN/users',
  '//admin',
  '/admin%2Fusers',
  '/admin%0A',
  '/admin/%0A',
  '/administrator',
  '/adminx',
  '/%E0%A4%A',
  '/api/admin/users',
];

describe('the shared page rules and the router', () => {
  // react-router warns about each malformed encoding it meets; those addresses are meant.
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(addresses)('agree on %s', (pathName) => {
    const shown = routerShows(pathName);
    expect(isKnownPagePath(pathName), 'known page').toBe(shown !== 'not-found');
    expect(isAdminPath(pathName), 'admin area').toBe(shown === 'admin');
  });
});
