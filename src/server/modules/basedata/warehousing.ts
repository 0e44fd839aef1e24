import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { dealerRoutes } from './dealers';
import { locationRoutes } from './locations';
import { warehouseRoutes } from './warehouses';

/** Dealers and warehouses: dealers, warehouses, areas, storage locations and location rules. */
export function warehousingRoutes(services: Services): RouteDef[] {
  return [...dealerRoutes(services), ...warehouseRoutes(services), ...locationRoutes(services)];
}
