import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { warehousingOptionsAnswer, type WarehousingOptions } from '../../../shared/api/basedata/warehousing';
import {
  brands, dealers, locationRules, pallets, pdaDevices, regions, roleDataRules, storageLocations, storehouses, warehouses,
} from '../../db/schema';
import type { CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { allows, inScope } from '../../platform/dataScope';
import { refRows } from './refRows';
import { referenced } from './warehousingShared';
import { coercedRowId } from '../../../shared/api/rowId';

/**
 * Base data › Warehouses (`basedata:warehouse`), declared in the manifest (src/shared/pages/basedata.ts): a dealer's
 * warehouses, or the maker's central ones (no dealer). Its own: the rows of the caller's warehouses, a dealer user's
 * warehouse falling to its dealer, central ones kept from staff limited to some dealers, its in-use check, its order by
 * code and its rows' dealer code and name (refRows). Also the choices every warehousing page's selects read.
 */
export function warehouseRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const scoped = (ctx: CrudContext) => inScope(warehouses.id, ctx.scope.warehouseIds);
  const crud = pageCrudRoutes(services, '/basedata/base/warehouse', warehouses, {
    tag: 'warehouses',
    ...refRows(db, warehouses, { dealerId: dealers }, scoped),
    rowScope: scoped,
    defaultOrder: asc(warehouses.code),
    // A dealer user's warehouse is its dealer's, whatever the body says.
    prepare: (input, ctx) => (ctx.user.dealerId != null ? { dealerId: ctx.user.dealerId } : input),
    check: async (values, ctx) => {
      // Staff narrowed by data rules manage their dealers' warehouses only, never central ones.
      if (values.dealerId == null && ctx.scope.dealerIds !== null) throw badRequest('notInScope', 'dealerId');
    },
    inUse: async (_ctx, ids) => {
      const used = await referenced(db, storehouses, storehouses.warehouseId, ids)
        || await referenced(db, storageLocations, storageLocations.warehouseId, ids)
        || await referenced(db, locationRules, locationRules.warehouseId, ids)
        || await referenced(db, pallets, pallets.warehouseId, ids)
        || await referenced(db, pdaDevices, pdaDevices.warehouseId, ids)
        || await referenced(db, dealers, dealers.defaultWarehouseId, ids)
        || await referenced(db, roleDataRules, roleDataRules.refId, ids, eq(roleDataRules.kind, 'warehouse'));
      return used ? 'inUse' : null;
    },
  });

  const options = defineRoute({
    method: 'POST', url: '/basedata/warehousing/options', tag: 'warehouses', permission: 'session', answer: warehousingOptionsAnswer,
    body: z.object({ warehouseId: coercedRowId.optional() }).strict(),
    summary: 'Choices of the warehousing pages\' selects (regions, dealers, warehouses, brands; areas and locations of one warehouse), within the caller\'s data scope',
    handler: async ({ body, scope: dataScope }): Promise<WarehousingOptions> => {
      const scope = await dataScope();
      const warehouseId = body.warehouseId && allows(scope.warehouseIds, body.warehouseId) ? body.warehouseId : null;
      return {
        regions: await db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.code)),
        dealers: await db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers)
          .where(inScope(dealers.id, scope.dealerIds)).orderBy(asc(dealers.code)).limit(5000),
        warehouses: await db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId })
          .from(warehouses).where(inScope(warehouses.id, scope.warehouseIds)).orderBy(asc(warehouses.code)).limit(5000),
        storehouses: warehouseId === null ? [] : await db.select({
          id: storehouses.id, code: storehouses.code, name: storehouses.name, warehouseId: storehouses.warehouseId,
        }).from(storehouses).where(inArray(storehouses.warehouseId, [warehouseId])).orderBy(asc(storehouses.code)),
        locations: warehouseId === null ? [] : await db.select({
          id: storageLocations.id, code: storageLocations.code, storehouseId: storageLocations.storehouseId,
        }).from(storageLocations).where(eq(storageLocations.warehouseId, warehouseId)).orderBy(asc(storageLocations.code)).limit(5000),
        brands: await db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.code)),
      };
    },
  });
  return [...crud, options];
}
