import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

/**
 * How each route renders: one map from a menu path to a lazy page module (DESIGN.md
 * "Approaches chosen"). The menu tree decides what exists; a route the server returns
 * that is not listed here gets the generic page, which names itself.
 */
const registry: Record<string, () => Promise<PageModule>> = {
  '/home': () => import('../pages/home'),
  '/profile/index': () => import('../pages/profile'),
  '/theme/index': () => import('../pages/profile/ThemePage'),
  '/announcement/inbox': () => import('../pages/system/announcement'),
  // Base data
  // System
  '/system/permission/resources': () => import('../pages/system/resources'),
  '/system/permission/announcement': () => import('../pages/system/announcement'),
  '/system/permission/users': () => import('../pages/system/users'),
  '/system/permission/role': () => import('../pages/system/role'),
  '/system/permission/department': () => import('../pages/system/department'),
  '/system/permission/dictionary': () => import('../pages/system/dictionary'),
};

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
const generic = lazy(() => import('../pages/generic'));

export function pageFor(path: string): LazyExoticComponent<ComponentType> {
  const load = registry[path];
  if (!load) return generic;
  let page = cache.get(path);
  if (!page) cache.set(path, (page = lazy(load)));
  return page;
}

export const hasPage = (path: string) => path in registry;
