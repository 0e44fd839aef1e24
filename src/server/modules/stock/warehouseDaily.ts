import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * Writes the per-warehouse daily roll-up (stock_warehouse_daily) of some warehouses afresh from
 * their stock_daily rows, as migration 0024 filled it: per warehouse and day the sums of its rows;
 * a key's rows open at its previous closing, so the warehouse's closing is the openings of its
 * keys' first rows so far plus every net flow so far. For bulk writers (the history seed) and
 * tests that write daily rows by hand; postings keep it row by row (ledger.ts).
 */
export async function rebuildWarehouseDaily(db: Db, warehouseIds: number[]): Promise<void> {
  const ids = sql`${sql.param(warehouseIds)}::int[]`;
  await db.execute(sql`delete from stock_warehouse_daily where warehouse_id = any(${ids})`);
  await db.execute(sql`
    insert into stock_warehouse_daily (day, dealer_id, warehouse_id, opening, in_qty, out_qty, ship_qty, receive_qty, closing)
    select g.day, g.dealer_id, g.warehouse_id, g.closing - g.in_qty + g.out_qty, g.in_qty, g.out_qty, g.ship_qty, g.receive_qty, g.closing
    from (
      select d.day, d.dealer_id, d.warehouse_id, d.in_qty, d.out_qty, d.ship_qty, d.receive_qty,
        (sum(d.first_opening + d.in_qty - d.out_qty) over (partition by d.warehouse_id order by d.day))::int as closing
      from (
        select s.day, min(s.dealer_id) as dealer_id, s.warehouse_id, sum(s.in_qty)::int as in_qty, sum(s.out_qty)::int as out_qty,
          sum(s.ship_qty)::int as ship_qty, sum(s.receive_qty)::int as receive_qty,
          sum(case when s.first then s.opening else 0 end)::int as first_opening
        from (
          select *, row_number() over (partition by warehouse_id, material_id order by day) = 1 as first
          from stock_daily where warehouse_id = any(${ids})
        ) s
        group by s.warehouse_id, s.day
      ) d
    ) g`);
}

/**
 * Proves the per-warehouse daily roll-up (stock_warehouse_daily, docs/stock-model.md) against the
 * rows it sums and the stock it ends at:
 * - per warehouse and day, in, out, ship and receive equal the sums of its stock_daily rows;
 * - every row closes at opening + in − out and opens at the warehouse's previous closing;
 * - each warehouse's latest closing equals its on hand.
 * Answers the disagreements found (at most 20 of each kind).
 */
export async function checkWarehouseDaily(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await queryRows(db, sql`
    with d as (
      select warehouse_id w, day, sum(in_qty)::int i, sum(out_qty)::int o, sum(ship_qty)::int s, sum(receive_qty)::int r
      from stock_daily group by 1, 2),
    x as (select warehouse_id w, day, in_qty i, out_qty o, ship_qty s, receive_qty r from stock_warehouse_daily)
    select w, to_char(day, 'YYYY-MM-DD') as day,
      concat_ws('/', coalesce(x.i, 0), coalesce(x.o, 0), coalesce(x.s, 0), coalesce(x.r, 0)) as rolled,
      concat_ws('/', coalesce(d.i, 0), coalesce(d.o, 0), coalesce(d.s, 0), coalesce(d.r, 0)) as daily
    from d full join x using (w, day)
    where (coalesce(x.i, 0), coalesce(x.o, 0), coalesce(x.s, 0), coalesce(x.r, 0)) <> (coalesce(d.i, 0), coalesce(d.o, 0), coalesce(d.s, 0), coalesce(d.r, 0))
    order by w, day limit 20`)) {
    problems.push(`warehouse daily ${r.day} warehouse ${r.w}: in/out/ship/receive ${r.rolled}, its daily rows' ${r.daily}`);
  }
  for (const r of await queryRows(db, sql`
    select to_char(day, 'YYYY-MM-DD') as day, warehouse_id from (
      select day, warehouse_id, opening, in_qty, out_qty, closing, lag(closing) over (partition by warehouse_id order by day) as prev
      from stock_warehouse_daily) x
    where closing <> opening + in_qty - out_qty or opening <> coalesce(prev, 0) limit 20`)) {
    problems.push(`warehouse daily ${r.day} warehouse ${r.warehouse_id} does not open at the previous closing and close at opening + in - out`);
  }
  for (const r of await queryRows(db, sql`
    with latest as (select distinct on (warehouse_id) warehouse_id w, closing q from stock_warehouse_daily order by warehouse_id, day desc),
    h as (select warehouse_id w, sum(qty)::int q from stock_on_hand group by 1)
    select w, coalesce(latest.q, 0) as closing, coalesce(h.q, 0) as on_hand
    from latest full join h using (w) where coalesce(latest.q, 0) <> coalesce(h.q, 0) limit 20`)) {
    problems.push(`warehouse ${r.w}: latest warehouse daily closing ${r.closing}, on hand ${r.on_hand}`);
  }
  return problems;
}
