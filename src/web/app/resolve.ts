import { CONSTANT_ROUTES, HOME_PATH } from './constantRoutes';
import { firstPage, type AppRoute } from './routeTable';

export type Resolution =
  | { kind: 'view'; route: AppRoute }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

const constants = new Map(CONSTANT_ROUTES.map((r) => [r.path, r]));

/**
 * What a path inside the layout shows: a view, a redirect (`/` to home, `/redirect/x` to
 * `x`, a section or group to its first page), or not found.
 */
export function resolvePath(pathname: string, search: string, index: ReadonlyMap<string, AppRoute>): Resolution {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { kind: 'redirect', to: HOME_PATH };
  if (path.startsWith('/redirect/')) return { kind: 'redirect', to: path.slice('/redirect'.length) + search };
  const constant = constants.get(path);
  if (constant) return { kind: 'view', route: constant };
  const route = index.get(path);
  if (!route) return { kind: 'notFound' };
  if (route.kind === 'page') return { kind: 'view', route };
  // The stored redirect may name a page this user was not granted: then the first page they have.
  const redirect = route.redirectPath && route.redirectPath !== path ? route.redirectPath : null;
  const reachable = redirect && (index.has(redirect.split('?')[0]) || constants.has(redirect.split('?')[0]));
  const target = reachable ? redirect : firstPage(route)?.path;
  return target ? { kind: 'redirect', to: target } : { kind: 'notFound' };
}

export { safeRedirect } from './safeRedirect';
