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
  // System
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
