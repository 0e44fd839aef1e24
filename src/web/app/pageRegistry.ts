import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

/**
 * How each route renders: one map from a menu path to a lazy page module (DESIGN.md
 * "Approaches chosen"). The menu tree decides what exists; a route the server returns
 * that is not listed here gets the generic page, which names itself.
 */
const registry: Record<string, () => Promise<PageModule>> = {
  // Dashboards
  '/intelligentAnalysis/analysisz/dashboard': () => import('../pages/dashboards'),
  '/home': () => import('../pages/home'),
  '/profile/index': () => import('../pages/profile'),
  '/theme/index': () => import('../pages/profile/ThemePage'),
  '/announcement/inbox': () => import('../pages/system/announcement'),
  // Reports
  '/reportQuery/report/scanDetail': () => import('../pages/reports'),
  '/reportQuery/report/outDetail': () => import('../pages/reports'),
  '/reportQuery/report/enterDetail': () => import('../pages/reports'),
  '/reportQuery/report/quitDetail': () => import('../pages/reports'),
  '/reportQuery/report/transferDetails': () => import('../pages/reports'),
  '/reportQuery/report/invertedStorehouse': () => import('../pages/reports'),
  '/reportQuery/storageInventory/tireReport': () => import('../pages/reports'),
  '/reportQuery/storageInventory/customerTireReport': () => import('../pages/reports'),
  '/reportQuery/storageInventory/inventoryContrast': () => import('../pages/reports'),
  '/reportQuery/storageInventory/inventoryContrastCopy': () => import('../pages/reports'),
  '/reportQuery/storageInventory/dayBalance': () => import('../pages/reports'),
  '/reportQuery/storageInventory/weekBalance': () => import('../pages/reports'),
  '/reportQuery/storageInventory/monthBalance': () => import('../pages/reports'),
  '/reportQuery/storageInventory/dotInventory': () => import('../pages/reports'),
  '/reportQuery/storageInventory/samuelCouling': () => import('../pages/reports'),
  '/reportQuery/storageInventory/locationInventory': () => import('../pages/reports'),
  '/reportQuery/report/psfByDelivery': () => import('../pages/reports/deliveryFees'),
  '/reportQuery/storageInventory/codeRetrospection': () => import('../pages/reports/barcodeTrace'),
  '/intelligentAnalysis/analysisz/numberOfDay': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/turnoverRate': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/inventoryReport': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/rankPR': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/rankWL': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/inventoryListStatistics': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/countTheInventory': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/inventoryAgeReport': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/dotReport': () => import('../pages/reports'),
  '/intelligentAnalysis/analysisz/inboundTimeAnalysis': () => import('../pages/reports'),
  // Orders (warehousing)
  '/ordermanage/Order/PRorder': () => import('../pages/orders'),
  '/ordermanage/Order/WIorder': () => import('../pages/orders'),
  '/ordermanage/Order/WLorder': () => import('../pages/orders'),
  '/ordermanage/Order/DecreaseOverflow': () => import('../pages/orders'),
  '/ordermanage/Order/LRorder': () => import('../pages/orders'),
  '/ordermanage/Order/TRorder': () => import('../pages/orders'),
  '/ordermanage/Order/InventoryList': () => import('../pages/orders'),
  '/ordermanage/Order/OutXiePRorder': () => import('../pages/orders'),
  '/ordermanage/Order/OutCaiPRorder': () => import('../pages/orders'),
  '/ordermanage/Order/ZChuInDeliveryOrder': () => import('../pages/orders'),
  '/ordermanage/Order/OutXieOutDeliveryOrder': () => import('../pages/orders'),
  '/ordermanage/Order/ZChuOutDeliveryOrder': () => import('../pages/orders'),
  '/ordermanage/Order/LPRKorder': () => import('../pages/orders'),
  '/ordermanage/Order/LPCKorder': () => import('../pages/orders'),
  '/ordermanage/Order/InventoryChildList': () => import('../pages/orders/stocktakeLines'),
  // Monitoring
  '/monitoringManage/monitoring/orderMonitor': () => import('../pages/monitoring/orderMonitor'),
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
