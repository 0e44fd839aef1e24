import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dealerInput, WarehousingPerm, type DealerRow } from '../../../shared/api/basedata/warehousing';
import {
  accountSets, announcementTargets, batches, dealerMaterials, dealers, materialRelations, pdaDevices, regions, roleDataRules, users,
  warehouses,
} from '../../db/schema';
import { crudRoutes, type CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import type { RouteDef } from '../../http/route';
import type { SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { inScope } from '../../platform/dataScope';
import { checkCode, eqIf, like, referenced, sheetFlag, statusOf, yesNo } from './warehousingShared';

type Input = z.infer<typeof dealerInput>;

const FLAGS = ['erpCall', 'locationEnabled', 'duplicateScanDelete', 'internalStock', 'batchEnabled', 'tmsEnabled', 'barcodeEnabled'] as const;

/** Base data › Dealers (`basedata:brokerInfo`): a dealer user sees only itself; only unrestricted staff create dealers. */
export function dealerRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const defaultWarehouse = alias(warehouses, 'default_warehouse');
  const columns = {
    id: dealers.id, code: dealers.code, name: dealers.name, nickname: dealers.nickname, regionId: dealers.regionId, regionName: regions.name,
    defaultWarehouseId: dealers.defaultWarehouseId, defaultWarehouseName: defaultWarehouse.name, contact: dealers.contact, phone: dealers.phone,
    address: dealers.address, erpCall: dealers.erpCall, locationEnabled: dealers.locationEnabled, duplicateScanDelete: dealers.duplicateScanDelete,
    internalStock: dealers.internalStock, batchEnabled: dealers.batchEnabled, tmsEnabled: dealers.tmsEnabled, barcodeEnabled: dealers.barcodeEnabled,
    status: dealers.status,
  };
  const rows = (where: SQL | undefined) => db.select(columns).from(dealers)
    .leftJoin(regions, eq(regions.id, dealers.regionId)).leftJoin(defaultWarehouse, eq(defaultWarehouse.id, dealers.defaultWarehouseId))
    .where(where);
  const scoped = (ctx: CrudContext) => inScope(dealers.id, ctx.scope.dealerIds);
  /** `id` is the dealer being edited (undefined when creating), so the default warehouse is checked against its own. */
  async function toValues(input: Input, ctx: CrudContext, id?: number) {
    checkCode(input.code);
    if (id === undefined && ctx.scope.dealerIds !== null) throw badRequest('notInScope', 'code');
    if (input.regionId != null) {
      const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.regionId));
      if (!region) throw badRequest('invalidValue', 'regionId');
    }
    if (input.defaultWarehouseId != null) {
      // A new dealer has no warehouse yet; an existing one chooses among its own.
      const [own] = id === undefined ? [] : await db.select({ id: warehouses.id }).from(warehouses)
        .where(and(eq(warehouses.id, input.defaultWarehouseId), eq(warehouses.dealerId, id)));
      if (!own) throw badRequest('invalidValue', 'defaultWarehouseId');
    }
    return {
      code: input.code, name: input.name, nickname: input.nickname ?? null, regionId: input.regionId ?? null,
      defaultWarehouseId: input.defaultWarehouseId ?? null, contact: input.contact ?? null, phone: input.phone ?? null,
      address: input.address ?? null, status: input.status, ...Object.fromEntries(FLAGS.map((f) => [f, input[f]])),
      ...(id !== undefined ? { updatedAt: new Date() } : {}),
    };
  }

  const flagHeaders: Record<(typeof FLAGS)[number], SheetColumn<DealerRow>['header']> = {
    erpCall: { 'zh-CN': 'ERP调用', 'en-US': 'ERP call' },
    locationEnabled: { 'zh-CN': '启用库位', 'en-US': 'Locations enabled' },
    duplicateScanDelete: { 'zh-CN': '重复扫描删除', 'en-US': 'Duplicate scan delete' },
    internalStock: { 'zh-CN': '内部库存', 'en-US': 'Internal stock' },
    batchEnabled: { 'zh-CN': '启用批次', 'en-US': 'Batches enabled' },
    tmsEnabled: { 'zh-CN': '启用TMS', 'en-US': 'TMS enabled' },
    barcodeEnabled: { 'zh-CN': '启用条码', 'en-US': 'Barcodes enabled' },
  };
  const exportColumns: SheetColumn<DealerRow>[] = [
    { key: 'code', header: { 'zh-CN': '经销商编码', 'en-US': 'Code' }, value: (r) => r.code },
    { key: 'name', header: { 'zh-CN': '经销商名称', 'en-US': 'Name' }, width: 28, value: (r) => r.name },
    { key: 'nickname', header: { 'zh-CN': '简称', 'en-US': 'Nickname' }, value: (r) => r.nickname },
    { key: 'region', header: { 'zh-CN': '大区', 'en-US': 'Region' }, value: (r) => r.regionName },
    { key: 'defaultWarehouse', header: { 'zh-CN': '默认仓库', 'en-US': 'Default warehouse' }, value: (r) => r.defaultWarehouseName },
    { key: 'contact', header: { 'zh-CN': '联系人', 'en-US': 'Contact' }, value: (r) => r.contact },
    { key: 'phone', header: { 'zh-CN': '联系电话', 'en-US': 'Phone' }, value: (r) => r.phone },
    { key: 'address', header: { 'zh-CN': '地址', 'en-US': 'Address' }, width: 36, value: (r) => r.address },
    ...FLAGS.map((f): SheetColumn<DealerRow> => ({ key: f, header: flagHeaders[f], value: (r) => yesNo(r[f]) })),
    { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
  ];
  const importColumns = exportColumns.filter((c) => c.key !== 'defaultWarehouse');

  const dealerFilters = z.object({
    keyword: z.string().max(64).optional(),
    regionId: z.coerce.number().int().positive().optional(),
    status: z.enum(['normal', 'disabled']).optional(),
  });
  return crudRoutes<DealerRow, Input, typeof dealerFilters>(services, {
    base: '/basedata/dealer', tag: 'dealers', pagePerm: WarehousingPerm.dealer, entity: 'dealer',
    title: { 'zh-CN': '经销商', 'en-US': 'Dealers' },
    table: dealers, id: dealers.id,
    filters: dealerFilters,
    input: dealerInput,
    where: (f, ctx) => and(
      f.keyword ? or(like(dealers.code, f.keyword), like(dealers.name, f.keyword), like(dealers.nickname, f.keyword)) : undefined,
      eqIf(dealers.regionId, f.regionId), eqIf(dealers.status, f.status), scoped(ctx),
    ),
    list: (_ctx, where, order, limit, offset) => rows(where).orderBy(...order).limit(limit).offset(offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(dealers).where(where))[0].n,
    load: async (ctx, id) => {
      const [row] = await rows(and(eq(dealers.id, id), scoped(ctx)));
      return row;
    },
    sortable: { code: dealers.code, name: dealers.name, nickname: dealers.nickname, regionId: dealers.regionId, status: dealers.status } as Record<string, PgColumn>,
    defaultOrder: asc(dealers.code),
    unique: [{ field: 'code', column: dealers.code }],
    toValues,
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
    columns: exportColumns,
    importColumns,
    fromSheet: async (values) => {
      let regionId: number | null = null;
      if (values.region) {
        const [region] = await db.select({ id: regions.id }).from(regions).where(or(eq(regions.name, values.region), eq(regions.code, values.region)));
        if (!region) throw badRequest('invalidValue', 'region');
        regionId = region.id;
      }
      return {
        code: values.code ?? '', name: values.name ?? '', nickname: values.nickname, regionId, contact: values.contact,
        phone: values.phone, address: values.address, status: statusOf(values.status),
        ...Object.fromEntries(FLAGS.map((f) => [f, values[f] === undefined || values[f] === '' ? f === 'barcodeEnabled' : sheetFlag(values[f])])),
      };
    },
  });
}
