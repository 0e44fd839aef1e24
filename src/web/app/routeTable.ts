import type { MenuNode } from '@shared/menu';

/** A client route made once from a server menu node, the one source of truth for routes. */
export interface AppRoute {
  path: string;
  /** The node's own path segment: the product's route name (docs/product.md#routes-and-screens) (`brokerInfo`, `samuelCouling`, ...). */
  name: string;
  kind: MenuNode['type'] | 'constant';
  hidden: boolean;
  redirectPath: string | null;
  alwaysShow: boolean;
  perm: string;
  meta: { title: string; icon: string | null; noCache: boolean; affix: boolean; activeMenu?: string };
  children: AppRoute[];
}

const join = (base: string, segment: string) =>
  segment.startsWith('/') ? segment : `${base.replace(/\/$/, '')}/${segment}`.replace(/\/+/g, '/');

/** The first page a user can open under a node, depth first, hidden pages skipped. */
export function firstPage(route: AppRoute): AppRoute | undefined {
  if (route.kind === 'page') return route.hidden ? undefined : route;
  for (const child of route.children) {
    const page = firstPage(child);
    if (page) return page;
  }
  return undefined;
}

/** Turns the menu tree into client routes with full paths; sections and groups redirect to their first page. */
export function buildRoutes(tree: MenuNode[], base = '/'): AppRoute[] {
  return [...tree]
    .sort((a, b) => a.orderNum - b.orderNum)
    .map((node) => {
      const path = join(base, node.path);
      const route: AppRoute = {
        path,
        name: node.path.split('/').filter(Boolean).pop() ?? node.path,
        kind: node.type,
        hidden: node.hidden,
        redirectPath: node.redirectPath,
        alwaysShow: node.type === 'group' && node.children.length > 0,
        perm: node.perm,
        meta: { title: node.label, icon: node.icon, noCache: node.noCache, affix: node.affix },
        children: buildRoutes(node.children, path),
      };
      if (route.kind !== 'page' && !route.redirectPath) route.redirectPath = firstPage(route)?.path ?? null;
      return route;
    })
    .filter((route) => route.kind === 'page' || route.children.length > 0);
}

/** Every route by full path, for lookups when a URL is opened. */
export function indexRoutes(routes: AppRoute[], into = new Map<string, AppRoute>()): Map<string, AppRoute> {
  for (const route of routes) {
    into.set(route.path, route);
    indexRoutes(route.children, into);
  }
  return into;
}

/** The section (first-level route) a path belongs to. */
export const sectionOf = <R extends Pick<AppRoute, 'path'>>(routes: readonly R[], path: string): R | undefined =>
  routes.find((r) => path === r.path || path.startsWith(`${r.path}/`));
