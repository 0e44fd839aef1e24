import type { ReportDef } from '../reportDef';
import { ANALYSIS_REPORTS } from './analysis';
import { DRIVER_REPORTS } from './drivers';
import { INVENTORY_REPORTS } from './inventory';
import { MONITOR_REPORTS } from './monitoring';
import { MOVEMENT_REPORTS } from './movements';
import { STOCK_MONITOR_REPORTS } from './stockMonitors';

/** Every report page, by menu group. Adding a report is adding its definition here and its query on the server. */
export const REPORT_DEFS: ReportDef[] = [
  // reportQuery › report (in/out detail)
  ...MOVEMENT_REPORTS,
  // reportQuery › storageInventory
  ...INVENTORY_REPORTS,
  // intelligentAnalysis
  ...ANALYSIS_REPORTS,
  // monitoringManage › monitoring
  ...MONITOR_REPORTS,
  ...STOCK_MONITOR_REPORTS,
  // ordermanage › logistics
  ...DRIVER_REPORTS,
];

export const reportByRoute = (route: string) => REPORT_DEFS.find((r) => r.route === route);
