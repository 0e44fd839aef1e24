import { and, asc, eq } from 'drizzle-orm';
import {
  accountSets, announcementTargets, batches, dealerMaterials, dealers, materialRelations, pdaDevices, regions, roleDataRules, users,
  warehouses,
} from '../../db/schema';
import type { CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { inScope } from '../../platform/dataScope';
import { refRows } from './refRows';
import { referenced } from './warehousingShared';

/**
 * Base data › Dealers (`basedata:brokerInfo`), declared in the manifest (src/shared/pages/basedata.ts). Its own: a
 * dealer user sees only itself; only unrestricted staff create dealers; the default warehouse is one of the dealer's
 * own; the in-use check, the order by code and the rows' region and default warehouse code and name (refRows).
 */
export function dealerRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const scoped = (ctx: CrudContext) => inScope(dealers.id, ctx.scope.dealerIds);
  return pageCrudRoutes(services, '/basedata/base/brokerInfo', dealers, {
    tag: 'dealers', entity: 'dealer',
    ...refRows(db, dealers, { regionId: regions, defaultWarehouseId: warehouses }, scoped),
    rowScope: scoped,
    defaultOrder: asc(dealers.code),
    /** `id` is the dealer being edited (undefined when creating), so the default warehouse is checked against its own. */
    check: async (values, ctx, id) => {
      if (id === undefined && ctx.scope.dealerIds !== null) throw badRequest('notInScope', 'code');
      if (values.defaultWarehouseId != null) {
        // A new dealer has no warehouse yet; an existing one chooses among its own.
        const [own] = id === undefined ? [] : await db.select({ id: warehouses.id }).from(warehouses)
          .where(and(eq(warehouses.id, Number(values.defaultWarehouseId)), eq(warehouses.dealerId, id)));
        if (!own) throw badRequest('invalidValue', 'defaultWarehouseId');
      }
      return id !== undefined ? { updatedAt: new Date() } : {};
    },
    inUse: async (_ctx, ids) => {
      const used = await referenced(db, warehouses, warehouses.dealerId, ids)
        || await referenced(db, users, users.dealerId, ids)
        || await referenced(db, materialRelations, materialRelations.dealerId, ids)
        || await referenced(db, dealerMaterials, dealerMaterials.dealerId, ids)
        || await referenced(db, pdaDevices, pdaDevices.dealerId, ids)
        || await referenced(db, accountSets, accountSets.dealerId, ids)
        || await referenced(db, batches, batches.dealerId, ids)
        || await referenced(db, roleDataRules, roleDataRules.refId, ids, eq(roleDataRules.kind, 'dealer'))
        || await referenced(db, announcementTargets, announcementTargets.refId, ids, eq(announcementTargets.kind, 'dealer'));
      return used ? 'inUse' : null;
    },
  });
}
