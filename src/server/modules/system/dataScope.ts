import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, roleDataRules, userRoles, warehouses } from '../../db/schema';
import type { SessionUser } from './sessionStore';

/**
 * Which rows a user may read and write (DESIGN.md "Permissions"): a dealer user sees only
 * its dealer; staff with data roles see the dealers, regions and warehouses of their rules;
 * staff without data rules see everything. null means unrestricted.
 */
export interface DataScope {
  dealerIds: number[] | null;
  warehouseIds: number[] | null;
}

export async function dataScopeOf(db: Db, user: Pick<SessionUser, 'id' | 'dealerId'>): Promise<DataScope> {
  if (user.dealerId != null) {
    const own = await db.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.dealerId, [user.dealerId]));
    return { dealerIds: [user.dealerId], warehouseIds: own.map((w) => w.id) };
  }
  const rules = await db
    .select({ kind: roleDataRules.kind, refId: roleDataRules.refId })
    .from(roleDataRules)
    .innerJoin(userRoles, sql`${userRoles.roleId} = ${roleDataRules.roleId}`)
    .where(sql`${userRoles.userId} = ${user.id}`);
  if (!rules.length) return { dealerIds: null, warehouseIds: null };
  const dealerIds = new Set(rules.filter((r) => r.kind === 'dealer').map((r) => r.refId));
  const regionIds = rules.filter((r) => r.kind === 'region').map((r) => r.refId);
  if (regionIds.length) {
    for (const d of await db.select({ id: dealers.id }).from(dealers).where(inArray(dealers.regionId, regionIds))) dealerIds.add(d.id);
  }
  const warehouseIds = new Set(rules.filter((r) => r.kind === 'warehouse').map((r) => r.refId));
  if (dealerIds.size) {
    for (const w of await db.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.dealerId, [...dealerIds]))) warehouseIds.add(w.id);
  }
  // Rules naming only warehouses narrow by warehouse, not to "no dealer at all".
  const byDealer = rules.some((r) => r.kind === 'dealer' || r.kind === 'region');
  return { dealerIds: byDealer ? [...dealerIds] : null, warehouseIds: [...warehouseIds] };
}

/** The WHERE condition limiting a dealer column to the scope; undefined when unrestricted. */
export function inScope(column: AnyColumn, ids: number[] | null): SQL | undefined {
  if (ids === null) return undefined;
  return ids.length ? inArray(column, ids) : sql`false`;
}

export const allows = (ids: number[] | null, id: number | null | undefined) => ids === null || (id != null && ids.includes(id));

/**
 * Whether a tyre is in the caller's data scope: its dealer, and the warehouse it is in (or last
 * left); a tyre shipped and not yet received is in no warehouse, so its dealer decides.
 */
export function barcodeInScope(scope: DataScope, barcode: { dealerId: number | null; warehouseId: number | null }): boolean {
  return allows(scope.dealerIds, barcode.dealerId) && (barcode.warehouseId == null || allows(scope.warehouseIds, barcode.warehouseId));
}
