import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { catalogueRoutes } from './catalogue';
import { warehousingRoutes } from './warehousing';
import { devicesRoutes } from './devicesGroup';

/**
 * Every call of the /basedata section, one module per group of pages:
 * dealers and warehouses (dealers, warehouses, areas, locations, location rules),
 * materials (master, relations, matching, dealer materials),
 * devices and records (PDA devices, account sets, batches, pallets, scenes, mail).
 * The logistics configuration pages live in modules/logistics.
 */
export function basedataRoutes(services: Services): RouteDef[] {
  const routes: RouteDef[] = [];
  // (group registrations follow, one line each)
  routes.push(...catalogueRoutes(services));
  routes.push(...warehousingRoutes(services));
  routes.push(...devicesRoutes(services));
  void services;
  return routes;
}
