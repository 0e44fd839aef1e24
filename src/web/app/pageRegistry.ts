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
  '/basedata/base/scandiviceReg': () => import('../pages/basedata/pdaDevices'),
  '/basedata/base/accinformation': () => import('../pages/basedata/accountSets'),
  '/basedata/base/baseBatch': () => import('../pages/basedata/batches'),
  '/basedata/base/basePallet': () => import('../pages/basedata/pallets'),
  '/basedata/base/scenceConfig': () => import('../pages/basedata/scenes'),
  '/basedata/base/mailManagement': () => import('../pages/basedata/mail'),
  '/basedata/logisticsconfiguration/carInfo': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/carBlacklist': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/carPointoftransit': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/Carpath': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/logisticsconfiguration/DriverRout': () => import('../pages/basedata/logisticsConfig'),
  '/basedata/base/material': () => import('../pages/basedata/materials'),
  '/basedata/base/materialRelation': () => import('../pages/basedata/materialRelations'),
  '/basedata/base/goods': () => import('../pages/basedata/relationMatching'),
  '/basedata/base/goodsManagement': () => import('../pages/basedata/dealerMaterials'),
  '/basedata/base/brokerInfo': () => import('../pages/basedata/dealers'),
  '/basedata/base/warehouse': () => import('../pages/basedata/warehouses'),
  '/basedata/base/storehouse': () => import('../pages/basedata/areas'),
  '/basedata/base/storagelocation': () => import('../pages/basedata/locations'),
  '/basedata/base/storagelocationRule': () => import('../pages/basedata/locationRules'),
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
