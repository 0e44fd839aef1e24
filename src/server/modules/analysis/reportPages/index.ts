import type { RouteDef } from '../../../http/route';
import type { Services } from '../../../services';
import { deliveryFeeRoutes } from './deliveryFees';
import { filterOptionRoutes } from './filterOptions';
import { traceCancelRoutes } from './traceCancel';

/** The /reportQuery pages' own calls beside the generated report routes: delivery fees, trace cancellation, filter options. */
export const reportPageRoutes = (services: Services): RouteDef[] => [
  ...deliveryFeeRoutes(services),
  ...traceCancelRoutes(services),
  ...filterOptionRoutes(services),
];
