import { sql, type SQL } from 'drizzle-orm';
import { BARCODE_STATUS, ORDER_STATUS, type AdjustKind } from '../../../shared/orders/orderTypes';

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
  // The tyre's own moves first (`offset 0` keeps them a subquery of their own, read on the barcode
  // index), then the last before completion: left to it, the planner walked the ledger's time index
  // back from the completion for the one barcode, 15,000 moves passed over per tyre counted (850 ms
  // a page on the embedded database), more as the ledger grows.
  const bookLoc = byLocation
    ? sql`coalesce((select t.location_id from (select m.location_id, m.moved_at, m.id from stock_moves m where m.barcode = c.barcode offset 0) t
        where t.moved_at <= o.completed_at order by t.moved_at desc, t.id desc limit 1), 0),`
    : sql``;
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
