import { and, asc, count, eq, inArray, like as sqlLike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  batchGenerateBody, DevicesPerm, palletFilters, palletInput, type PalletRow,
} from '../../../shared/api/basedata/devices';
import { batches, dealers, materials, pallets, scenes, storageLocations, warehouses } from '../../db/schema';
import { crudContext, crudRoutes, type CrudContext } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest, conflict } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { allows, inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import { checkCode, deviceOptions, like, scopedDealer, type Held } from './devices';
import { refRows } from './refRows';

type PalletHeld = Held<PalletRow>;
/** Key of the advisory lock batch generation holds, so two generations never hand out one number. */
const BATCH_LOCK = 7_310_101;
const SEQ_DIGITS = 3;

/**
 * The code prefix of generated batches: B, the production day as yyMMdd, and the last four
 * letters or digits of the material code (B260315 + 5516 + 001 for 205/55R16 made 15 March 2026).
 */
export function batchPrefix(materialCode: string, productionDate: string): string {
  const tail = materialCode.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(-4);
  return `B${productionDate.slice(2, 4)}${productionDate.slice(5, 7)}${productionDate.slice(8, 10)}${tail}`;
}

/** Base data › batches (and batch generation), pallets and scenes. */
export function recordRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const actor = (user: CrudContext['user'], ip: string) => ({ id: user.id, userName: user.userName, ip });
  const options = (perm: string, base: string) => defineRoute({
    method: 'POST', url: `${base}/options`, tag: base.split('/').pop()!, permission: perm,
    summary: 'The warehouses the form chooses from (caller\'s scope)',
    handler: async ({ user, lang, scope }) => ({ ...(await deviceOptions(await ctxOf({ user, lang, scope }))), dealers: [], materials: [] }),
  });

  // ---------------------------------------------------------------- batches
  const batchScope = (ctx: CrudContext) => inScope(batches.dealerId, ctx.scope.dealerIds);
  async function materialOf(id: number) {
    const [m] = await db.select({ id: materials.id, code: materials.code }).from(materials).where(eq(materials.id, id));
    if (!m) throw badRequest('invalidValue', 'materialId');
    return m;
  }
  /** A dealer for a batch: none is allowed for operator staff without data rules. */
  const batchDealer = async (ctx: CrudContext, id: number | null | undefined) => (id == null && ctx.user.dealerId == null && ctx.scope.dealerIds === null ? null : scopedDealer(ctx, id));

  // Declared in the manifest (src/shared/pages/basedata.ts); what is its own: the dealer a batch falls to, and generation.
  const batchRoutes = pageCrudRoutes(services, '/basedata/base/baseBatch', batches, {
    tag: 'batch', entity: 'batch',
    ...refRows(db, batches, { materialId: materials, dealerId: dealers }, batchScope),
    check: async (v, ctx) => ({ dealerId: await batchDealer(ctx, v.dealerId as number | null) }),
    extraRoutes: [
      defineRoute({
        method: 'POST', url: '/basedata/batch/generate', tag: 'batch', permission: `${DevicesPerm.batch}:add`, body: batchGenerateBody,
        summary: 'Batches: create `count` batches of a material and day, coded B + yyMMdd + material code tail + 3-digit sequence (continuing after the highest used)',
        handler: async ({ body, user, lang, req, scope }) => {
          const ctx = await ctxOf({ user, lang, scope });
          const material = await materialOf(body.materialId);
          const dealerId = await batchDealer(ctx, body.dealerId);
          const prefix = batchPrefix(material.code, body.productionDate);
          const codes = await db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
            const used = await tx.select({ code: batches.code }).from(batches)
              .where(and(sqlLike(batches.code, `${prefix}%`), sql`length(${batches.code}) = ${prefix.length + SEQ_DIGITS}`));
            const highest = used.map((u) => Number(u.code.slice(prefix.length))).filter(Number.isInteger).reduce((a, b) => Math.max(a, b), 0);
            if (highest + body.count > 10 ** SEQ_DIGITS - 1) throw conflict('batchSequenceFull', 'count');
            const made = Array.from({ length: body.count }, (_, i) => `${prefix}${String(highest + i + 1).padStart(SEQ_DIGITS, '0')}`);
            // A hand-made code may already hold a number above the highest (a longer code never matches the pattern).
            const [taken] = await tx.select({ n: count() }).from(batches).where(inArray(batches.code, made));
            if (taken.n > 0) throw conflict('duplicate', 'code');
            const rows = await tx.insert(batches).values(made.map((code) => ({
              code, materialId: material.id, dealerId, productionDate: body.productionDate, remark: null,
            }))).returning({ id: batches.id, code: batches.code });
            await recordAudit(tx, actor(user, req.ip), {
              action: 'generate', entity: 'batch', entityId: rows[0].id,
              after: { materialId: material.id, dealerId, productionDate: body.productionDate, codes: made },
            });
            return made;
          });
          return { codes };
        },
      }),
    ],
  });

  // ---------------------------------------------------------------- pallets (shelves)
  const palletColumns = {
    id: pallets.id, warehouseId: pallets.warehouseId, warehouseCode: sql<string>`${warehouses.code}`, warehouseName: sql<string>`${warehouses.name}`,
    code: pallets.code, name: pallets.name, storageLocationId: pallets.storageLocationId, storageLocationCode: storageLocations.code,
    capacity: pallets.capacity, status: pallets.status, createdAt: pallets.createdAt,
  };
  const palletScope = (ctx: CrudContext) => inScope(pallets.warehouseId, ctx.scope.warehouseIds);
  const palletList = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<PalletHeld[]> =>
    db.select(palletColumns).from(pallets).innerJoin(warehouses, eq(warehouses.id, pallets.warehouseId))
      .leftJoin(storageLocations, eq(storageLocations.id, pallets.storageLocationId))
      .where(where).orderBy(...order).limit(limit).offset(offset);

  const palletRoutes = crudRoutes<PalletHeld, z.infer<typeof palletInput>, typeof palletFilters>(services, {
    base: '/basedata/pallet', tag: 'pallet', pagePerm: DevicesPerm.pallet, entity: 'pallet',
    title: { 'zh-CN': '货架', 'en-US': 'Pallets' },
    table: pallets, id: pallets.id,
    filters: palletFilters, input: palletInput,
    where: (f, ctx) => and(
      f.keyword ? or(like(pallets.code, f.keyword), like(pallets.name, f.keyword)) : undefined,
      f.warehouseId ? eq(pallets.warehouseId, f.warehouseId) : undefined,
      f.status ? eq(pallets.status, f.status) : undefined,
      palletScope(ctx),
    ),
    list: (_ctx, where, order, limit, offset) => palletList(where, order, limit, offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(pallets).where(where))[0].n,
    load: async (ctx, id) => (await palletList(and(eq(pallets.id, id), palletScope(ctx)), [pallets.id], 1, 0))[0],
    sortable: { code: pallets.code, name: pallets.name, capacity: pallets.capacity, status: pallets.status, warehouseName: warehouses.name, createdAt: pallets.createdAt },
    defaultOrder: asc(pallets.code),
    unique: [{ field: 'code', column: pallets.code, within: [{ field: 'warehouseId', column: pallets.warehouseId }] }],
    toValues: async (input, ctx) => {
      checkCode(input.code);
      const [w] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, input.warehouseId));
      if (!w) throw badRequest('invalidValue', 'warehouseId');
      if (!allows(ctx.scope.warehouseIds, w.id)) throw badRequest('notInScope', 'warehouseId');
      let storageLocationId: number | null = null;
      if (input.storageLocationCode) {
        const [loc] = await db.select({ id: storageLocations.id }).from(storageLocations)
          .where(and(eq(storageLocations.warehouseId, w.id), eq(storageLocations.code, input.storageLocationCode.toUpperCase())));
        if (!loc) throw badRequest('notOfWarehouse', 'storageLocationCode');
        storageLocationId = loc.id;
      }
      return { warehouseId: w.id, code: input.code, name: input.name, storageLocationId, capacity: input.capacity, status: input.status };
    },
    fromSheet: async (v, ctx) => {
      const warehouse = (await deviceOptions(ctx)).warehouses.find((w) => w.code.toUpperCase() === (v.warehouseCode ?? '').toUpperCase());
      if (!warehouse) throw badRequest(v.warehouseCode ? 'invalidValue' : 'required', 'warehouseCode');
      return { warehouseId: warehouse.id, code: v.code, name: v.name, storageLocationCode: v.storageLocationCode, capacity: v.capacity || 0, status: v.status || 'normal' };
    },
    columns: [
      { key: 'warehouseCode', header: { 'zh-CN': '仓库编码', 'en-US': 'Warehouse code' }, value: (r) => r.warehouseCode },
      { key: 'code', header: { 'zh-CN': '货架编码', 'en-US': 'Code' }, value: (r) => r.code },
      { key: 'name', header: { 'zh-CN': '货架名称', 'en-US': 'Name' }, value: (r) => r.name },
      { key: 'storageLocationCode', header: { 'zh-CN': '库位', 'en-US': 'Storage location' }, value: (r) => r.storageLocationCode },
      { key: 'capacity', header: { 'zh-CN': '容量', 'en-US': 'Capacity' }, value: (r) => r.capacity },
      { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
    ],
    extraRoutes: [options(DevicesPerm.pallet, '/basedata/pallet')],
  });

  // ---------------------------------------------------------------- scenes
  // Declared in the manifest (src/shared/pages/basedata.ts); its own: only its audit name.
  const sceneRoutes = pageCrudRoutes(services, '/basedata/base/scenceConfig', scenes, { tag: 'scene', entity: 'scene' });

  return [...batchRoutes, ...palletRoutes, ...sceneRoutes];
}
