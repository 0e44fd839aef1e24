import type { DashboardQuery } from '../registry';
import { ageBuckets, dotAge } from './age';
import { alerts } from './alerts';
import { byBrand, byWarehouse, locationFill, regionBrand } from './distribution';
import { byPeriod, inboundHours } from './flow';
import { loginsToday, uploadFailuresToday, uploadsToday } from './monitor';
import { dealersByReceipts, dealersBySales } from './rank';
import { dos, onHand, trend, turnover } from './stock';

/** Every dashboard query the server answers; dashboard files (dashboards/*.ts) name them by id. */
export const DASHBOARD_QUERIES: DashboardQuery[] = [
  onHand, trend, dos, turnover, ageBuckets, dotAge,
  byBrand, regionBrand, byWarehouse, locationFill, alerts,
  byPeriod, inboundHours,
  dealersByReceipts, dealersBySales,
  loginsToday, uploadsToday, uploadFailuresToday,
];
