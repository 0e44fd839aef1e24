import { asc, eq } from 'drizzle-orm';
import { deviceOptionsAnswer, DevicesPerm } from '../../../shared/api/basedata/devices';
import { accountSets, dealers, pdaDevices, warehouses } from '../../db/schema';
import { crudContext, type CrudContext } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { allows, inScope } from '../../platform/dataScope';
import { refRows } from './refRows';
import { numberOrNull } from '../../../shared/must';

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

/** Base data › PDA devices (register, activate, freeze) and account sets. */
export function deviceRoutes(services: Services): RouteDef[] {
  const { db } = services;

  // ---------------------------------------------------------------- PDA devices
  // Declared in the manifest (src/shared/pages/basedata.ts) with their status moves; their own: the rows of the caller's dealers,
  // the dealer a device falls to (its warehouse's, or the caller's own), the order by serial number, the rows' dealer and
  // warehouse code and name, and the older options call.
  const pdaScope = (ctx: CrudContext) => inScope(pdaDevices.dealerId, ctx.scope.dealerIds);
  /** The warehouse names its dealer when the form left the dealer out; a warehouse of another dealer is refused. */
  async function pdaDealer(ctx: CrudContext, v: Record<string, unknown>): Promise<number | null> {
    const warehouseId = numberOrNull(v.warehouseId);
    const [warehouse] = warehouseId == null ? [] : await db.select({ dealerId: warehouses.dealerId }).from(warehouses).where(eq(warehouses.id, warehouseId));
    const dealerId = await scopedDealer(ctx, numberOrNull(v.dealerId) ?? warehouse?.dealerId);
    if (warehouse && dealerId != null && warehouse.dealerId !== dealerId) throw badRequest('notOfDealer', 'warehouseId');
    return dealerId;
  }
  const pda = pageCrudRoutes(services, '/basedata/base/scandiviceReg', pdaDevices, {
    tag: 'pda', entity: 'pda_device',
    ...refRows(db, pdaDevices, { dealerId: dealers, warehouseId: warehouses }, pdaScope),
    rowScope: pdaScope,
    defaultOrder: asc(pdaDevices.serialNo),
    check: async (v, ctx) => ({ dealerId: await pdaDealer(ctx, v) }),
    extraRoutes: [
      defineRoute({
        method: 'POST', url: '/basedata/pda/options', tag: 'pda', permission: DevicesPerm.pda, answer: deviceOptionsAnswer,
        summary: 'PDA devices: the dealers and warehouses within the caller\'s scope (the older answer; the form uses /basedata/pda/choices)',
        handler: async ({ user, lang, scope }) => {
          const ctx = await crudContext(db, { user, lang, scope });
          const [dealerRows, warehouseRows] = await Promise.all([
            db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers).where(inScope(dealers.id, ctx.scope.dealerIds)).orderBy(asc(dealers.code)),
            db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId }).from(warehouses)
              .where(inScope(warehouses.id, ctx.scope.warehouseIds)).orderBy(asc(warehouses.code)),
          ]);
          return { dealers: dealerRows, warehouses: warehouseRows, materials: [] };
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
