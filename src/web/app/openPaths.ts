/**
 * The routes besides login that open without a session (router.tsx): every other path, without a
 * token, goes to the login page with a redirect back. Apart from the router for the page's first
 * script (index.html), which shows the login form's first frame for those paths.
 */
export const OPEN_PATHS: readonly string[] = ['/auth-redirect', '/404', '/401', '/error/404', '/error/401'];
export const LOGIN_PATH = '/login';

/** The route path of a hash address (`#/login?redirect=…` → `/login`). */
export const hashPath = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';

/** A path as the router matches it: letter case and a trailing slash aside. */
const routeKey = (path: string) => path.toLowerCase().replace(/(.)\/+$/, '$1');

/** Whether a path is the login page's, as the router would match it. */
export const isLoginPath = (path: string) => routeKey(path) === LOGIN_PATH;

/** Whether a path opens without a session (the login page aside), as the router would match it. */
export const isOpenPath = (path: string) => OPEN_PATHS.includes(routeKey(path));

/** Where the route guard sends a visit without a session: login, with the way back (spec section 4). */
export const loginRedirect = (pathAndSearch: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(pathAndSearch)}`;
