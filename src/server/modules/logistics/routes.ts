import type { Services } from '../../services';
import { carRequestRoutes } from './carRequests';
import { logisticsConfigRoutes } from './config';
import { feeRoutes } from './fees';
import { tmsRoutes } from './tms';

/** Logistics: its configuration (base data), dispatch (ordermanage › logistics), fees, and the TMS exchange. */
export function logisticsRoutes(services: Services) {
  return [...tmsRoutes(services), ...logisticsConfigRoutes(services), ...carRequestRoutes(services), ...feeRoutes(services)];
}
