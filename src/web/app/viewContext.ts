import { createContext, useContext } from 'react';
import type { AppRoute } from './routeTable';

/**
 * What a cached view knows about itself. A hidden view must not read the router's current
 * location (that belongs to the visible view), so each view gets its own path and query.
 */
export interface ViewInfo {
  route: AppRoute;
  path: string;
  fullPath: string;
  query: URLSearchParams;
  title: string;
}

export const ViewContext = createContext<ViewInfo | null>(null);

export function useView(): ViewInfo {
  const view = useContext(ViewContext);
  if (!view) throw new Error('useView outside a view');
  return view;
}
