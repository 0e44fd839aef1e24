import type { RouteDef } from '../../../http/route';
import type { Services } from '../../../services';
import { deliveryFeeRoutes } from './deliveryFees';
import { filterOptionRoutes } from './filterOptions';
import { traceCancelRoutes } from './traceCancel';
import { traceExportRoutes } from './traceExport';

/** The /reportQuery pages' own calls beside the generated report routes: delivery fees, trace cancellation and export, filter options. */
export const reportPageRoutes = (services: Services): RouteDef[] => [
  ...deliveryFeeRoutes(services),
  ...traceCancelRoutes(services),
  ...traceExportRoutes(services),
  ...filterOptionRoutes(services),
];
