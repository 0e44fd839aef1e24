import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BARCODE_STATUS, ORDER_STATUS, type AdjustKind } from '../../../shared/orders/orderTypes';

/**
 * The storage location (0: none) the last move of the tyre `barcode` up to the moment `at` put it.
 * The tyre's own moves first (`offset 0` keeps them a subquery of their own, read on the barcode
 * index), then the last before `at`: left to it, the planner walked the ledger's time index back
 * from `at` for the one barcode, 15,000 moves passed over per tyre (850 ms a page of a stocktake on
 * the embedded database), more as the ledger grows. Migration 0038 spells the same in plain SQL.
 */
export const locationAt = (barcode: SQL, at: SQL) => sql`coalesce((select t.location_id
  from (select m.location_id, m.moved_at, m.id from stock_moves m where m.barcode = ${barcode} offset 0) t
  where t.moved_at <= ${at} order by t.moved_at desc, t.id desc limit 1), 0)`;

/**
 * Freezes the book location of each tyre a stocktake counted (order_scans.book_location_id) in its
 * completion's transaction: where its last move up to `at` put it. The comparison by location then
 * reads a column rather than every counted tyre's moves (at ten million tyres a month's 260,000
 * counted tyres took 2.7 s warm and 13 s cold).
 */
export const freezeBookLocations = (tx: Db, stocktakeId: number, at: Date) => tx.execute(sql`
  update order_scans c set book_location_id = ${locationAt(sql`c.barcode`, sql`${at.toISOString()}::timestamptz`)}
  where c.order_id = ${stocktakeId}`);

/** The same for the stocktakes completed in the last `days` days (migration 0038's step; a bench history made after it). */
export const freezeRecentBookLocations = (db: Db, days: number) => db.execute(sql`
  update order_scans c set book_location_id = ${locationAt(sql`c.barcode`, sql`o.completed_at`)}
  from orders o
  where o.id = c.order_id and o.order_type = 'IV' and o.status = '2' and o.completed_at >= now() - make_interval(days => ${days})`);

/**
 * Book against counted of the stocktake `o` (an `orders` row in the outer query), per material
 * and, with `byLocation`, per location (`loc`, 0 for none): `material_id, [loc,] book, counted`.
 * While a stocktake is open the book is what its warehouse holds now. Once completed, its
 * loss/overflow order froze the differences (docs/stock-model.md): the book is every counted
 * tyre that was not an overflow (at the place its last move before completion put it) plus
 * every loss, so what the count found stays visible after the adjustment is posted. Neither
 * reads the warehouse's ledger: the cost follows the tyres counted (each tyre's moves are read on
 * the barcode index, each loss/overflow order's scans on their order's). The overflows of a
 * stocktake are read once, as an array, not looked up per tyre counted: at ten million tyres the
 * comparison of a month's 3,239 stocktakes probed the adjustment orders 260,000 times (1.9 s
 * warm, 20 s with those pages out of the cache).
 * The stocktake lines page and the inventory comparison report both read it.
 */
export function stocktakeBook(byLocation: boolean): SQL {
  const locOf = (col: SQL) => (byLocation ? sql`coalesce(${col}, 0),` : sql``);
  // Frozen at completion; read from the moves for a stocktake completed long before that came.
  const bookLoc = byLocation ? sql`coalesce(c.book_location_id, ${locationAt(sql`c.barcode`, sql`o.completed_at`)}),` : sql``;
  const done = sql`o.status = ${ORDER_STATUS.completed}`;
  return sql`
    select u.material_id, ${byLocation ? sql`u.loc,` : sql``} sum(u.book)::int as book, sum(u.counted)::int as counted
    from (
      select c.material_id, ${byLocation ? sql`coalesce(c.location_id, 0) as loc,` : sql``} 0 as book, 1 as counted from order_scans c where c.order_id = o.id
      union all
      select c.material_id, ${bookLoc} 1, 0 from order_scans c
      where ${done} and c.order_id = o.id and not (c.barcode = any (array(
        select d.barcode from orders dx join order_scans d on d.order_id = dx.id
        where dx.stocktake_id = o.id and d.adjust_kind = ${'overflow' satisfies AdjustKind})))
      union all
      select d.material_id, ${locOf(sql`d.location_id`)} 1, 0 from orders dx
        cross join lateral (select d.material_id, d.location_id from order_scans d where d.order_id = dx.id and d.adjust_kind = ${'loss' satisfies AdjustKind} offset 0) d
      where ${done} and dx.stocktake_id = o.id
      union all
      select b.material_id, ${locOf(sql`b.location_id`)} 1, 0 from barcodes b
      where not ${done} and b.warehouse_id = o.warehouse_id and b.status = ${BARCODE_STATUS.in}
    ) u group by ${byLocation ? sql`1, 2` : sql`1`}`;
}
