import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../firstPaint/preloadable';
import { canonicalPage, type PageKind } from '@shared/pages';

/** A page's module: its component, and what it draws with, to load ahead (`preload`). */
type PageModule = { default: ComponentType; preload?(): Promise<unknown> };

/**
 * How each route renders: a page of the manifest (src/shared/pages) renders by its
 * kind; only a page with a view of its own is listed here. A route the server returns that is
 * neither gets the generic page, which names itself.
 */
const byKind: Partial<Record<PageKind, () => Promise<PageModule>>> = {
  report: () => import('../pages/reports'),
  order: () => import('../pages/orders'),
  dashboard: () => import('../pages/dashboards'),
  list: () => import('../kit/list/ManifestListPage'),
};

/** Pages with a view of their own, by route; the constant routes (home, profile) too. */
const views: Record<string, () => Promise<PageModule>> = {
  '/home': () => import('../pages/home'),
  '/profile/index': () => import('../pages/profile'),
  '/theme/index': () => import('../pages/profile/ThemePage'),
  '/announcement/inbox': () => import('../pages/system/announcement'),
  // Reports with more than a ReportDef shows
  '/reportQuery/report/psfByDelivery': () => import('../pages/reports/deliveryFees'),
  '/reportQuery/storageInventory/codeRetrospection': () => import('../pages/reports/barcodeTrace'),
  '/ordermanage/Order/InventoryChildList': () => import('../pages/orders/stocktakeLines'),
  '/monitoringManage/monitoring/orderMonitor': () => import('../pages/monitoring/orderMonitor'),
  '/monitoringManage/monitoring/stroealert': () => import('../pages/monitoring/stockAlerts'),
  '/monitoringManage/monitoring/inventoryMonitor': () => import('../pages/monitoring/inventoryMonitor'),
  '/monitoringManage/monitoring/storageLocationMonitor': () => import('../pages/monitoring/locationMonitor'),
  '/monitoringManage/monitoring/loginMonitor': () => import('../pages/monitoring/loginMonitor'),
  '/monitoringManage/monitoring/logMonitor': () => import('../pages/monitoring/logMonitor'),
  '/monitoringManage/monitoring/uploadMonitor': () => import('../pages/monitoring/uploadMonitor'),
  // Manifest lists with something of their own around the generic list (batch generation; a warehouse picker, location generation and labels)
  '/basedata/base/baseBatch': () => import('../pages/basedata/batches'),
  '/basedata/base/storagelocation': () => import('../pages/basedata/locations'),
  // Ordermanage › Logistics: dispatch views around the car request list (src/shared/pages/logistics.ts)
  '/ordermanage/logistics/carrequest': () => import('../pages/logistics/carRequests'),
  '/ordermanage/logistics/carmanagement': () => import('../pages/logistics/carManagement'),
  '/ordermanage/logistics/carroutefollowing': () => import('../pages/logistics/routeFollowing'),
  // Base data: mail is an inbox and a sent box, not a list of records
  '/basedata/base/mailManagement': () => import('../pages/basedata/mail'),
  // Five manifest lists as tabs of one page, three with columns of their own; relation matching's suggestions and picker
  '/basedata/logisticsconfiguration/carInfo': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/carBlacklist': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/carPointoftransit': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/Carpath': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/DriverRout': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/base/goods': () => import('../pages/basedata/relationMatching'),
  // System administration: the menu tree, announcements with their editor, users and roles around manifest lists
  // (freezing and password resets; grant and data-rule drawers), the department tree
  '/system/permission/resources': () => import('../pages/system/resources'),
  '/system/permission/announcement': () => import('../pages/system/announcement'),
  '/system/permission/users': () => import('../pages/system/users'),
  '/system/permission/role': () => import('../pages/system/role'),
  '/system/permission/department': () => import('../pages/system/department'),
  // System › Integration: service accounts around a manifest list (their keys' drawer); webhooks are a plain manifest list
  '/system/integration/serviceAccounts': () => import('../pages/system/serviceAccounts'),
};

/** The module a route renders with, or undefined for the generic page. */
function loaderOf(path: string): (() => Promise<PageModule>) | undefined {
  if (views[path]) return views[path];
  const page = canonicalPage(path);
  if (!page) return undefined;
  if (views[page.route]) return views[page.route];
  if (page.planned || (page.kind === 'list' && !page.fields)) return undefined;
  return byKind[page.kind];
}

const cache = new Map<string, Preloadable<PageModule>>();
const generic = preloadable(() => import('../pages/generic'));

/** The page a route renders: loaded when first rendered, or ahead with its `load()` (prefetch.ts). */
export function pageFor(path: string): Preloadable<PageModule> {
  const load = loaderOf(path);
  if (!load) return generic;
  let page = cache.get(path);
  if (!page) cache.set(path, (page = preloadable(load)));
  return page;
}

export const hasPage = (path: string) => loaderOf(path) !== undefined;

/**
 * Loads a route's page ahead (prefetch.ts, the page area), and what the page itself says it draws
 * with (its own `preload`), so that none of them suspends when the route renders.
 */
export async function loadPage(path: string): Promise<void> {
  const page = await pageFor(path).load();
  await page.preload?.();
}
