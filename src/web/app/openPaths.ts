/**
 * The routes besides login that open without a session (router.tsx): every other path, without a
 * token, goes to the login page. Apart from the router for the page's first script (index.html),
 * which shows the login form's first frame for those paths.
 */
export const OPEN_PATHS: readonly string[] = ['/auth-redirect', '/404', '/401', '/error/404', '/error/401'];
export const LOGIN_PATH = '/login';

/** The route path of a hash address (`#/login?redirect=…` → `/login`). */
export const hashPath = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';
