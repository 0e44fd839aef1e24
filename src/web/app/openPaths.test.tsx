import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { hashPath, LOGIN_PATH, OPEN_PATHS } from './openPaths';
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
