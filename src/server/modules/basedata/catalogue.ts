import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { dealerMaterialRoutes } from './dealerMaterials';
import { materialRelationRoutes } from './materialRelations';
import { materialRoutes } from './materials';

/** The catalogue pages of base data: materials, material relations and their matching, dealer materials. */
export function catalogueRoutes(services: Services): RouteDef[] {
  return [...materialRoutes(services), ...materialRelationRoutes(services), ...dealerMaterialRoutes(services)];
}
