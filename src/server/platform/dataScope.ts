import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { warehouses } from '../db/schema';
import type { SessionUser } from './sessionStore';

/**
 * Which rows a user may read and write (docs/product.md#permissions): a dealer user sees only
 * its dealer; staff with data roles see the dealers, regions and warehouses of their rules;
 * staff without data rules see everything. null means unrestricted.
 */
export interface DataScope {
  dealerIds: number[] | null;
  warehouseIds: number[] | null;
}

/**
 * The scope in one statement: a dealer user's warehouses, or the staff user's data rules with
 * their regions and dealers expanded to dealer and warehouse ids in SQL. Ids come sorted.
 */
export async function dataScopeOf(db: Db, user: Pick<SessionUser, 'id' | 'dealerId'>): Promise<DataScope> {
  if (user.dealerId != null) {
    const own = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.dealerId, user.dealerId)).orderBy(warehouses.id);
    return { dealerIds: [user.dealerId], warehouseIds: own.map((w) => w.id) };
  }
  const [row] = await queryRows<{ hasRules: boolean; byDealer: boolean; dealerIds: number[]; warehouseIds: number[] }>(db, sql`
    with rules as (
      select r.kind, r.ref_id from role_data_rules r join user_roles ur on ur.role_id = r.role_id where ur.user_id = ${user.id}
    ), scoped_dealers as (
      select ref_id as id from rules where kind = 'dealer'
      union select d.id from dealers d join rules on rules.kind = 'region' and d.region_id = rules.ref_id
    )
    select exists (select 1 from rules) as "hasRules",
      -- Rules naming only warehouses narrow by warehouse, not to "no dealer at all".
      exists (select 1 from rules where kind in ('dealer', 'region')) as "byDealer",
      coalesce((select array_agg(id order by id) from scoped_dealers), '{}') as "dealerIds",
      coalesce((select array_agg(id order by id) from (
        select ref_id as id from rules where kind = 'warehouse'
        union select w.id from warehouses w where w.dealer_id in (select id from scoped_dealers)
      ) w), '{}') as "warehouseIds"`);
  if (!row.hasRules) return { dealerIds: null, warehouseIds: null };
  return { dealerIds: row.byDealer ? row.dealerIds : null, warehouseIds: row.warehouseIds };
}

// Columns correlated with the outer query's "users" row (written out, as in sessionStore.ts), so
// the session's statement settles most scopes without a second one.

/** Whether the user's roles carry data rules. */
export const hasDataRules = sql<boolean>`exists (
  select 1 from role_data_rules r join user_roles ur on ur.role_id = r.role_id where ur.user_id = "users"."id")`;

/** A dealer user's own warehouses, sorted; null for staff. */
export const ownWarehouses = sql<number[] | null>`case when "users"."dealer_id" is not null then coalesce((
  select array_agg(w.id order by w.id) from warehouses w where w.dealer_id = "users"."dealer_id"), '{}') end`;

/**
 * The scope those two columns settle, as dataScopeOf would answer it: a dealer user's (its
 * dealer and own warehouses) and that of staff without data rules (unrestricted). null when the
 * rules are to be read (dataScopeOf).
 */
export function settledScope(user: Pick<SessionUser, 'dealerId'>, hasRules: boolean, own: number[] | null): DataScope | null {
  if (user.dealerId != null) return own ? { dealerIds: [user.dealerId], warehouseIds: own } : null;
  return hasRules ? null : { dealerIds: null, warehouseIds: null };
}

/** The WHERE condition limiting a dealer column to the scope; undefined when unrestricted. */
export function inScope(column: AnyColumn, ids: number[] | null): SQL | undefined {
  if (ids === null) return undefined;
  return ids.length ? inArray(column, ids) : sql`false`;
}

export const allows = (ids: number[] | null, id: number | null | undefined) => ids === null || (id != null && ids.includes(id));

/**
 * Whether something of a dealer's alone (no warehouse: a mail, a webhook delivery) is in the scope:
 * its dealer is, or, for staff narrowed to warehouses, the dealer owns one of them. Something of
 * no dealer (the operator's) is only for unrestricted callers.
 */
export async function dealerInScope(db: Db, scope: DataScope, dealerId: number | null): Promise<boolean> {
  if (scope.dealerIds !== null || scope.warehouseIds === null) return allows(scope.dealerIds, dealerId);
  if (dealerId == null || !scope.warehouseIds.length) return false;
  const [owned] = await db.select({ id: warehouses.id }).from(warehouses)
    .where(and(eq(warehouses.dealerId, dealerId), inArray(warehouses.id, scope.warehouseIds))).limit(1);
  return owned !== undefined;
}

/**
 * Whether a tyre is in the caller's data scope: its dealer, and the warehouse it is in (or last
 * left); a tyre shipped and not yet received is in no warehouse, so its dealer decides.
 */
export function barcodeInScope(scope: DataScope, barcode: { dealerId: number | null; warehouseId: number | null }): boolean {
  return allows(scope.dealerIds, barcode.dealerId) && (barcode.warehouseId == null || allows(scope.warehouseIds, barcode.warehouseId));
}
