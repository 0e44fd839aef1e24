/**
 * The routes besides login that open without a session (router.tsx): every other path, without a
 * token, goes to the login page with a redirect back. Apart from the router for the page's first
 * script (index.html), which shows the login form's first frame for those paths.
 */
export const OPEN_PATHS: readonly string[] = ['/auth-redirect', '/404', '/401', '/error/404', '/error/401'];
export const LOGIN_PATH = '/login';

/**
 * The router's location of a hash address, read as react-router's hash history reads it: a second
 * `#` and what follows it aside, the query apart, a leading slash added (`#orders?x=1` →
 * `/orders` and `?x=1`).
 */
export function hashLocation(hash: string): { pathname: string; search: string } {
  let rest = hash.replace(/^#/, '');
  const fragment = rest.indexOf('#');
  if (fragment >= 0) rest = rest.slice(0, fragment);
  const query = rest.indexOf('?');
  const search = query >= 0 ? rest.slice(query) : '';
  const path = query >= 0 ? rest.slice(0, query) : rest;
  return { pathname: !path ? '/' : path.startsWith('/') || path.startsWith('.') ? path : `/${path}`, search };
}

/** The route path of a hash address (`#/login?redirect=…` → `/login`). */
export const hashPath = (hash: string) => hashLocation(hash).pathname;

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch (err) {
    if (err instanceof URIError) return segment; // the router matches such a segment as it is
    throw err;
  }
};

/** A path as the router matches it: each segment decoded, letter case and a trailing slash aside. */
const routeKey = (path: string) => path.split('/').map(decoded).join('/').toLowerCase().replace(/(.)\/+$/, '$1');

/** Whether a path is the login page's, as the router would match it. */
export const isLoginPath = (path: string) => routeKey(path) === LOGIN_PATH;

/** Whether a path opens without a session (the login page aside), as the router would match it. */
export const isOpenPath = (path: string) => OPEN_PATHS.includes(routeKey(path));

/** Where the route guard sends a visit without a session: login, with the way back (docs/product.md#session). */
export const loginRedirect = (pathAndSearch: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(pathAndSearch)}`;
