import { laborFactors, logisticsProviders, warehouseCoefficients } from '../../db/schema';
import { pageCrudRoutes } from '../../http/pageCrud';
import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';

/**
 * /other (and the same lists under /monitoringManage): labour factors, warehouse coefficients
 * and logistics providers. Each is its manifest entry (src/shared/pages/other.ts) and its table.
 */
export function otherRoutes(services: Services): RouteDef[] {
  return [
    ...pageCrudRoutes(services, '/other/otherConfig/laborFactor', laborFactors),
    ...pageCrudRoutes(services, '/other/otherConfig/warehouseCoefficient', warehouseCoefficients),
    ...pageCrudRoutes(services, '/other/otherConfig/logistics', logisticsProviders),
  ];
}
