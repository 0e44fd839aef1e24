import type { ReportQuery } from '../registry';
import { INVENTORY_QUERIES } from './inventory';
import { MOVEMENT_QUERIES } from './movements';
import { ANALYSIS_QUERIES } from './analysis';
import { DRIVER_QUERIES } from './drivers';
import { MONITOR_QUERIES } from './monitoring';
import { STOCK_MONITOR_QUERIES } from './stockMonitors';

/** Every report's query, by menu group (definitions in src/shared/analytics/reports). */
export const REPORT_QUERIES: ReportQuery[] = [
  // reportQuery › report (in/out detail)
  ...MOVEMENT_QUERIES,
  // reportQuery › storageInventory
  ...INVENTORY_QUERIES,
  // intelligentAnalysis
  ...ANALYSIS_QUERIES,
  // monitoringManage › monitoring
  ...MONITOR_QUERIES,
  ...STOCK_MONITOR_QUERIES,
  // ordermanage › logistics
  ...DRIVER_QUERIES,
];
