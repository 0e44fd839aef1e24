import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { hashLocation, hashPath, isLoginPath, isOpenPath, LOGIN_PATH, loginRedirect, OPEN_PATHS } from './openPaths';
import { router } from './router';

describe('the paths open without a session', () => {
  it('are the router\'s routes outside the route guard, login aside: the first frame shows the form on every other path', () => {
    const unguarded = router.routes
      .filter((route) => ((route.element as ReactElement).type as { name?: string }).name !== 'RequireToken')
      .map((route) => route.path);
    expect(unguarded).toEqual([LOGIN_PATH, ...OPEN_PATHS]);
  });

  it('are read from the address\'s hash without its query', () => {
    expect(hashPath('#/login?redirect=%2Fhome')).toBe('/login');
    expect(hashPath('#/404')).toBe('/404');
    expect(hashPath('')).toBe('/');
    expect(hashPath('#')).toBe('/');
  });
});

describe('a hash address read as the router reads it', () => {
  it('gives the same path and query as react-router\'s hash history, and the same way back to login as the route guard', async () => {
    const { createMemoryRouter } = await import('react-router-dom');
    const cases: [string, string, string][] = [
      ['#/orders?tab=2', '/orders', '?tab=2'],
      ['#/orders#section', '/orders', ''],
      ['#orders', '/orders', ''],
      ['#?x=1', '/', '?x=1'],
      ['#', '/', ''],
      ['', '/', ''],
      ['#/a%20b', '/a%20b', ''],
    ];
    for (const [hash, pathname, search] of cases) {
      expect(hashLocation(hash), hash).toEqual({ pathname, search });
      // react-router's own parse of the same address (what its hash history does with the hash).
      const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: [hash.replace(/^#/, '') || '/'] });
      const { pathname: routed, search: routedSearch } = router.state.location;
      expect({ pathname: routed.startsWith('/') ? routed : `/${routed}`, search: routedSearch }, hash).toEqual({ pathname, search });
    }
    expect(loginRedirect('/orders?tab=2')).toBe('/login?redirect=%2Forders%3Ftab%3D2');
  });

  it('matches login and the open pages as the router does: letter case, a trailing slash and encoded letters aside', () => {
    for (const path of ['/login', '/Login/', '/log%69n']) expect(isLoginPath(path), path).toBe(true);
    for (const path of ['/404', '/404/', '/Auth-Redirect', '/error/%34%30%34']) expect(isOpenPath(path), path).toBe(true);
    for (const path of ['/home', '/login/x', '/4040', '/%E0%A4%A']) expect(isOpenPath(path) || isLoginPath(path), path).toBe(false);
  });
});
