import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { deviceOptionsAnswer, DevicesPerm, PDA_STATUS, pdaChangedAnswer, pdaFilters, pdaIdsBody, pdaInput, type DeviceOptions, type PdaRow } from '../../../shared/api/basedata/devices';
import { CODE_PATTERN } from '../../../shared/patterns';
import { accountSets, dealers, materials, pdaDevices, warehouses } from '../../db/schema';
import { crudContext, crudRoutes, type CrudContext } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest, conflict, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { allows, inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import { refRows } from './refRows';

/** A row as the server holds it: timestamps still Dates (the answer serialises them). */
export type Held<T> = Omit<T, 'createdAt' | 'activatedAt'> & { createdAt: Date } & (T extends { activatedAt: unknown } ? { activatedAt: Date | null } : unknown);

export const like = (column: PgColumn, text: unknown) =>
  typeof text === 'string' && text.trim() ? ilike(column, `%${text.trim().replace(/[%_\\]/g, '\\$&')}%`) : undefined;
const pad = (n: number) => String(n).padStart(2, '0');
/** Spec section 9: 'year-month-day hours:minutes:seconds'. */
export const stamp = (d: Date | null) =>
  d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : null;

/** Codes are upper-case letters and digits (spec section 5: 'Please enter uppercase letters'). */
export function checkCode(value: string, field = 'code') {
  if (!CODE_PATTERN.test(value)) throw badRequest('uppercase', field);
}

/** The dealer of a write: one in the caller's scope; a dealer user writes its own dealer when none is sent. */
export async function scopedDealer(ctx: CrudContext, dealerId: number | null | undefined, field = 'dealerId'): Promise<number | null> {
  const id = dealerId ?? (ctx.user.dealerId ?? null);
  if (id == null) {
    if (ctx.scope.dealerIds !== null) throw badRequest('required', field);
    return null;
  }
  const [known] = await ctx.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, id));
  if (!known) throw badRequest('invalidValue', field);
  if (!allows(ctx.scope.dealerIds, id)) throw badRequest('notInScope', field);
  return id;
}

/** Dealers, warehouses and materials the forms choose from, within the caller's scope. */
export async function deviceOptions(ctx: CrudContext): Promise<DeviceOptions> {
  const [dealerRows, warehouseRows, materialRows] = await Promise.all([
    ctx.db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers).where(inScope(dealers.id, ctx.scope.dealerIds)).orderBy(asc(dealers.code)),
    ctx.db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId }).from(warehouses)
      .where(inScope(warehouses.id, ctx.scope.warehouseIds)).orderBy(asc(warehouses.code)),
    ctx.db.select({ id: materials.id, code: materials.code, name: materials.name }).from(materials)
      .where(eq(materials.status, 'normal')).orderBy(asc(materials.code)),
  ]);
  return { dealers: dealerRows, warehouses: warehouseRows, materials: materialRows };
}

type PdaHeld = Held<PdaRow>;
type PdaInput = z.infer<typeof pdaInput>;

/** Base data › PDA devices (register, activate, freeze) and account sets. */
export function deviceRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const actor = (user: CrudContext['user'], ip: string) => ({ id: user.id, userName: user.userName, ip });

  // ---------------------------------------------------------------- PDA devices
  const pdaColumns = {
    id: pdaDevices.id, serialNo: pdaDevices.serialNo, name: pdaDevices.name, model: pdaDevices.model,
    dealerId: pdaDevices.dealerId, dealerCode: dealers.code, dealerName: dealers.name,
    warehouseId: pdaDevices.warehouseId, warehouseCode: warehouses.code, warehouseName: warehouses.name,
    status: pdaDevices.status, activatedAt: pdaDevices.activatedAt, createdAt: pdaDevices.createdAt,
  };
  const pdaScope = (ctx: CrudContext) => inScope(pdaDevices.dealerId, ctx.scope.dealerIds);
  const pdaList = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<PdaHeld[]> =>
    db.select(pdaColumns).from(pdaDevices).leftJoin(dealers, eq(dealers.id, pdaDevices.dealerId)).leftJoin(warehouses, eq(warehouses.id, pdaDevices.warehouseId))
      .where(where).orderBy(...order).limit(limit).offset(offset);
  const pdaLoad = async (ctx: CrudContext, id: number) => (await pdaList(and(eq(pdaDevices.id, id), pdaScope(ctx)), [pdaDevices.id], 1, 0))[0];

  async function pdaValues(input: PdaInput, ctx: CrudContext) {
    let dealerId = input.dealerId ?? null;
    if (input.warehouseId != null) {
      const [w] = await db.select({ id: warehouses.id, dealerId: warehouses.dealerId }).from(warehouses).where(eq(warehouses.id, input.warehouseId));
      if (!w) throw badRequest('invalidValue', 'warehouseId');
      if (!allows(ctx.scope.warehouseIds, w.id)) throw badRequest('notInScope', 'warehouseId');
      // The warehouse names its dealer when the form left the dealer out.
      if (dealerId == null) dealerId = w.dealerId;
      else if (w.dealerId !== dealerId) throw badRequest('notOfDealer', 'warehouseId');
    }
    dealerId = await scopedDealer(ctx, dealerId);
    if (input.warehouseId != null && dealerId != null) {
      const [w] = await db.select({ dealerId: warehouses.dealerId }).from(warehouses).where(eq(warehouses.id, input.warehouseId));
      if (w.dealerId !== dealerId) throw badRequest('notOfDealer', 'warehouseId');
    }
    return { serialNo: input.serialNo, name: input.name, model: input.model ?? null, dealerId, warehouseId: input.warehouseId ?? null };
  }

  /** Moves devices from the allowed statuses to the next; any device in another status refuses the whole call. */
  const transition = (action: 'activate' | 'freeze', from: string[], to: string): RouteDef => defineRoute({
    method: 'POST', url: `/basedata/pda/${action}`, tag: 'pda', permission: `${DevicesPerm.pda}:edit`, body: pdaIdsBody, answer: pdaChangedAnswer,
    summary: action === 'activate'
      ? 'PDA devices: activate devices not yet activated or frozen (status 0 or 2 to 1)'
      : 'PDA devices: freeze activated devices (status 1 to 2)',
    handler: async ({ body, user, lang, req, scope }) => {
      const ctx = await ctxOf({ user, lang, scope });
      const ids = [...new Set(body.ids)];
      const rows = await pdaList(and(inArray(pdaDevices.id, ids), pdaScope(ctx)), [pdaDevices.id], ids.length, 0);
      if (rows.length !== ids.length) throw notFound();
      await db.transaction(async (tx) => {
        // Re-read under row locks so two operators cannot both move one device.
        const locked = await tx.select({ id: pdaDevices.id, status: pdaDevices.status }).from(pdaDevices).where(inArray(pdaDevices.id, ids)).for('update');
        const bad = locked.find((r) => !from.includes(r.status));
        if (bad) throw conflict('pdaTransition', 'status');
        await tx.update(pdaDevices).set(to === PDA_STATUS.active ? { status: to, activatedAt: new Date() } : { status: to }).where(inArray(pdaDevices.id, ids));
        await recordAudit(tx, actor(user, req.ip), locked.map((r) => ({
          action, entity: 'pda_device', entityId: r.id, before: { status: r.status }, after: { status: to },
        })));
      });
      return { changed: ids.length };
    },
  });

  const pda = crudRoutes<PdaHeld, PdaInput, typeof pdaFilters>(services, {
    base: '/basedata/pda', tag: 'pda', pagePerm: DevicesPerm.pda, entity: 'pda_device',
    title: { 'zh-CN': 'PDA 设备', 'en-US': 'PDA devices' },
    table: pdaDevices, id: pdaDevices.id,
    filters: pdaFilters, input: pdaInput,
    where: (f, ctx) => and(
      f.keyword ? or(like(pdaDevices.serialNo, f.keyword), like(pdaDevices.name, f.keyword), like(pdaDevices.model, f.keyword)) : undefined,
      f.status ? eq(pdaDevices.status, f.status) : undefined,
      f.dealerId ? eq(pdaDevices.dealerId, f.dealerId) : undefined,
      pdaScope(ctx),
    ),
    list: (_ctx, where, order, limit, offset) => pdaList(where, order, limit, offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(pdaDevices).where(where))[0].n,
    load: pdaLoad,
    sortable: { serialNo: pdaDevices.serialNo, name: pdaDevices.name, status: pdaDevices.status, dealerName: dealers.name, activatedAt: pdaDevices.activatedAt, createdAt: pdaDevices.createdAt },
    defaultOrder: asc(pdaDevices.serialNo),
    unique: [{ field: 'serialNo', column: pdaDevices.serialNo }],
    toValues: pdaValues,
    fromSheet: async (v, ctx) => {
      const opts = await deviceOptions(ctx);
      const dealer = v.dealerCode ? opts.dealers.find((d) => d.code.toUpperCase() === v.dealerCode.toUpperCase()) : undefined;
      if (v.dealerCode && !dealer) throw badRequest('invalidValue', 'dealerCode');
      const warehouse = v.warehouseCode ? opts.warehouses.find((w) => w.code.toUpperCase() === v.warehouseCode.toUpperCase()) : undefined;
      if (v.warehouseCode && !warehouse) throw badRequest('invalidValue', 'warehouseCode');
      return { serialNo: v.serialNo, name: v.name, model: v.model, dealerId: dealer?.id ?? null, warehouseId: warehouse?.id ?? null };
    },
    columns: [
      { key: 'serialNo', header: { 'zh-CN': '序列号', 'en-US': 'Serial number' }, width: 22, value: (r) => r.serialNo },
      { key: 'name', header: { 'zh-CN': '名称', 'en-US': 'Name' }, value: (r) => r.name },
      { key: 'model', header: { 'zh-CN': '型号', 'en-US': 'Model' }, value: (r) => r.model },
      { key: 'dealerCode', header: { 'zh-CN': '经销商编码', 'en-US': 'Dealer code' }, value: (r) => r.dealerCode },
      { key: 'warehouseCode', header: { 'zh-CN': '仓库编码', 'en-US': 'Warehouse code' }, value: (r) => r.warehouseCode },
      { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
      { key: 'activatedAt', header: { 'zh-CN': '激活时间', 'en-US': 'Activated' }, width: 20, value: (r) => stamp(r.activatedAt) },
    ],
    extraRoutes: [
      transition('activate', [PDA_STATUS.inactive, PDA_STATUS.frozen], PDA_STATUS.active),
      transition('freeze', [PDA_STATUS.active], PDA_STATUS.frozen),
      defineRoute({
        method: 'POST', url: '/basedata/pda/options', tag: 'pda', permission: DevicesPerm.pda, answer: deviceOptionsAnswer,
        summary: 'PDA devices: the dealers and warehouses the form chooses from (caller\'s scope)',
        handler: async ({ user, lang, scope }) => {
          const o = await deviceOptions(await ctxOf({ user, lang, scope }));
          return { dealers: o.dealers, warehouses: o.warehouses, materials: [] };
        },
      }),
    ],
  });

  // ---------------------------------------------------------------- account sets (declared in the manifest: src/shared/pages/basedata.ts)
  const sets = pageCrudRoutes(services, '/basedata/base/accinformation', accountSets, {
    tag: 'accountSet', entity: 'account_set',
    ...refRows(db, accountSets, { dealerId: dealers }, (ctx) => inScope(accountSets.dealerId, ctx.scope.dealerIds)),
    defaultOrder: asc(accountSets.code),
  });

  return [...pda, ...sets];
}
