import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { warehouseInput, WarehousingPerm, type WarehouseRow, type WarehousingOptions } from '../../../shared/api/basedata/warehousing';
import {
  brands, dealers, locationRules, pallets, pdaDevices, regions, roleDataRules, storageLocations, storehouses, warehouses,
} from '../../db/schema';
import { crudRoutes, type CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { allows, inScope } from '../../platform/dataScope';
import { checkCode, eqIf, like, referenced, statusOf } from './warehousingShared';

type Input = z.infer<typeof warehouseInput>;

/** Base data › Warehouses (`basedata:warehouse`): a dealer's warehouses, or the maker's central ones (no dealer). */
export function warehouseRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const columns = {
    id: warehouses.id, code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId, dealerCode: dealers.code,
    dealerName: dealers.name, address: warehouses.address, contact: warehouses.contact, phone: warehouses.phone, status: warehouses.status,
  };
  const rows = (where: SQL | undefined) => db.select(columns).from(warehouses).leftJoin(dealers, eq(dealers.id, warehouses.dealerId)).where(where);
  const scoped = (ctx: CrudContext) => inScope(warehouses.id, ctx.scope.warehouseIds);

  async function toValues(input: Input, ctx: CrudContext) {
    checkCode(input.code);
    // A dealer user's warehouse is its dealer's, whatever the body says.
    const dealerId = ctx.user.dealerId ?? input.dealerId ?? null;
    if (dealerId !== null) {
      const [dealer] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, dealerId));
      if (!dealer) throw badRequest('invalidValue', 'dealerId');
    }
    // Staff narrowed by data rules manage their dealers' warehouses only, never central ones.
    if (!allows(ctx.scope.dealerIds, dealerId)) throw badRequest('notInScope', 'dealerId');
    return {
      code: input.code, name: input.name, dealerId, address: input.address ?? null, contact: input.contact ?? null,
      phone: input.phone ?? null, status: input.status,
    };
  }

  const exportColumns: SheetColumn<WarehouseRow>[] = [
    { key: 'code', header: { 'zh-CN': '仓库编码', 'en-US': 'Code' }, value: (r) => r.code },
    { key: 'name', header: { 'zh-CN': '仓库名称', 'en-US': 'Name' }, width: 24, value: (r) => r.name },
    { key: 'dealerCode', header: { 'zh-CN': '经销商编码', 'en-US': 'Dealer code' }, value: (r) => r.dealerCode },
    { key: 'dealerName', header: { 'zh-CN': '经销商', 'en-US': 'Dealer' }, width: 28, value: (r) => r.dealerName },
    { key: 'address', header: { 'zh-CN': '地址', 'en-US': 'Address' }, width: 36, value: (r) => r.address },
    { key: 'contact', header: { 'zh-CN': '联系人', 'en-US': 'Contact' }, value: (r) => r.contact },
    { key: 'phone', header: { 'zh-CN': '联系电话', 'en-US': 'Phone' }, value: (r) => r.phone },
    { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
  ];

  const warehouseFilters = z.object({
    keyword: z.string().max(64).optional(),
    dealerId: z.coerce.number().int().positive().optional(),
    /** Only the maker's central warehouses. */
    central: z.boolean().optional(),
    status: z.enum(['normal', 'disabled']).optional(),
  });
  const crud = crudRoutes<WarehouseRow, Input, typeof warehouseFilters>(services, {
    base: '/basedata/warehouse', tag: 'warehouses', pagePerm: WarehousingPerm.warehouse, entity: 'warehouse',
    title: { 'zh-CN': '仓库', 'en-US': 'Warehouses' },
    table: warehouses, id: warehouses.id,
    filters: warehouseFilters,
    input: warehouseInput,
    where: (f, ctx) => and(
      f.keyword ? or(like(warehouses.code, f.keyword), like(warehouses.name, f.keyword)) : undefined,
      eqIf(warehouses.dealerId, f.dealerId), eqIf(warehouses.status, f.status),
      f.central ? isNull(warehouses.dealerId) : undefined,
      scoped(ctx),
    ),
    list: (_ctx, where, order, limit, offset) => rows(where).orderBy(...order).limit(limit).offset(offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(warehouses).where(where))[0].n,
    load: async (ctx, id) => (await rows(and(eq(warehouses.id, id), scoped(ctx))))[0],
    sortable: { code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId, status: warehouses.status } as Record<string, PgColumn>,
    defaultOrder: asc(warehouses.code),
    unique: [{ field: 'code', column: warehouses.code }],
    toValues,
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
    columns: exportColumns,
    importColumns: exportColumns.filter((c) => c.key !== 'dealerName'),
    fromSheet: async (values, ctx) => {
      let dealerId: number | null = null;
      if (values.dealerCode) {
        const [dealer] = await db.select({ id: dealers.id }).from(dealers)
          .where(and(eq(dealers.code, values.dealerCode.trim().toUpperCase()), inScope(dealers.id, ctx.scope.dealerIds)));
        if (!dealer) throw badRequest('invalidValue', 'dealerCode');
        dealerId = dealer.id;
      }
      return {
        code: values.code ?? '', name: values.name ?? '', dealerId, address: values.address, contact: values.contact,
        phone: values.phone, status: statusOf(values.status),
      };
    },
  });

  const options = defineRoute({
    method: 'POST', url: '/basedata/warehouse/options', tag: 'warehouses', permission: 'session',
    body: z.object({ warehouseId: z.coerce.number().int().positive().optional() }).strict(),
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
