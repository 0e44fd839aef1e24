import { sql } from 'drizzle-orm';
import { CHANNEL_INBOUND_TYPES, CHANNEL_OUTBOUND_TYPES } from '../../../shared/analytics/domain';
import { queryRows, type Db } from '../../db/client';
import { checkRolledPeriods } from './periodRollup';
import { checkWarehouseDaily } from './warehouseDaily';
import { checkChannelDays } from './channelRollupCheck';
import { checkOnHandCounters } from './onHandCounters';
import { checkTrailingPairs } from './trailingPairs';
import { checkTrailingWindow } from './trailingWindow';

/**
 * Proves that the ledger, the barcodes and the on-hand and daily tables agree:
 * - every barcode's moves sum to 1 when it is in stock and to 0 otherwise;
 * - on hand per place, material and DOT equals the barcodes in stock there, and the ledger's sum;
 * - every daily row closes at opening + in - out, and the latest closing equals on hand;
 * - per warehouse, material and day the ledger's moves give the row's in and out, and its
 *   channel flow (shared analytics/domain.ts `channelFlow`) the row's ship and receive;
 * - every week and month rolled up for the balance reports still sums its daily rows;
 * - the per-warehouse daily roll-up sums its daily rows and ends at on hand (warehouseDaily.ts);
 * - every channel day rolled still sums its warehouse rows, and the ledger's inbound hours and dealers' ranked moves (channelRollup.ts);
 * - the on-hand counters (channel and per warehouse) still sum on hand, and the stock-age days the
 *   barcodes in stock (onHandCounters.ts);
 * - the trailing windows of DOS and turnover and of the rankings' pairs equal the same windows from
 *   scratch (trailingWindow.ts, trailingPairs.ts).
 * Answers the disagreements found (at most 20 of each kind); empty means consistent.
 */
export async function checkStockInvariant(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const rows = (q: ReturnType<typeof sql>) => queryRows(db, q);

  for (const r of await rows(sql`
    select b.code, b.status, coalesce(m.s, 0)::int as s from barcodes b
    left join (select barcode, sum(qty) as s from stock_moves group by barcode) m on m.barcode = b.code
    where coalesce(m.s, 0) <> case when b.status = 'in' then 1 else 0 end limit 20`)) {
    problems.push(`barcode ${r.code} is ${r.status} but its moves sum to ${r.s}`);
  }
  for (const r of await rows(sql`
    select barcode, sum(qty)::int as s from stock_moves sm
    where not exists (select 1 from barcodes b where b.code = sm.barcode) group by barcode limit 20`)) {
    problems.push(`ledger moves of unknown barcode ${r.barcode}`);
  }

  const place = sql`d, w, l, m, t`;
  for (const r of await rows(sql`
    with b as (
      select coalesce(dealer_id, 0) d, warehouse_id w, coalesce(location_id, 0) l, material_id m, coalesce(dot_code, '') t, count(*)::int q
      from barcodes where status = 'in' group by 1, 2, 3, 4, 5),
    h as (select dealer_id d, warehouse_id w, location_id l, material_id m, dot_code t, qty q from stock_on_hand),
    g as (
      select coalesce(dealer_id, 0) d, warehouse_id w, coalesce(location_id, 0) l, material_id m, coalesce(dot_code, '') t, sum(qty)::int q
      from stock_moves group by 1, 2, 3, 4, 5 having sum(qty) <> 0)
    select ${place}, coalesce(b.q, 0) as barcodes, coalesce(h.q, 0) as on_hand, coalesce(g.q, 0) as ledger
    from b full join h using (d, w, l, m, t) full join g using (d, w, l, m, t)
    where coalesce(b.q, 0) <> coalesce(h.q, 0) or coalesce(h.q, 0) <> coalesce(g.q, 0) limit 20`)) {
    problems.push(`warehouse ${r.w} location ${r.l} material ${r.m} DOT '${r.t}': barcodes ${r.barcodes}, on hand ${r.on_hand}, ledger ${r.ledger}`);
  }

  for (const r of await rows(sql`
    select day, warehouse_id, material_id from stock_daily where closing <> opening + in_qty - out_qty limit 20`)) {
    problems.push(`daily ${r.day} warehouse ${r.warehouse_id} material ${r.material_id} does not close at opening + in - out`);
  }
  for (const r of await rows(sql`
    select day, warehouse_id, material_id from (
      select day, warehouse_id, material_id, opening, lag(closing) over (partition by warehouse_id, material_id order by day) as prev
      from stock_daily) x
    where opening <> coalesce(prev, 0) limit 20`)) {
    problems.push(`daily ${r.day} warehouse ${r.warehouse_id} material ${r.material_id} does not open at the previous closing`);
  }
  for (const r of await rows(sql`
    with latest as (
      select distinct on (warehouse_id, material_id) warehouse_id w, material_id m, closing q
      from stock_daily order by warehouse_id, material_id, day desc),
    h as (select warehouse_id w, material_id m, sum(qty)::int q from stock_on_hand group by 1, 2)
    select w, m, coalesce(latest.q, 0) as closing, coalesce(h.q, 0) as on_hand
    from latest full join h using (w, m) where coalesce(latest.q, 0) <> coalesce(h.q, 0) limit 20`)) {
    problems.push(`warehouse ${r.w} material ${r.m}: latest daily closing ${r.closing}, on hand ${r.on_hand}`);
  }
  // A move's day is its local day in the server's time zone, as ledger.dayOf counts it.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const types = (codes: readonly string[]) => sql.join(codes.map((t) => sql`${t}`), sql`, `);
  for (const r of await rows(sql`
    with l as (
      select warehouse_id w, material_id m, (moved_at at time zone ${zone})::date as day,
        sum(greatest(qty, 0))::int as i, sum(greatest(-qty, 0))::int as o,
        count(*) filter (where qty < 0 and order_type in (${types(CHANNEL_OUTBOUND_TYPES)}))::int as s,
        count(*) filter (where qty > 0 and order_type in (${types(CHANNEL_INBOUND_TYPES)}))::int as r
      from stock_moves group by 1, 2, 3),
    d as (select warehouse_id w, material_id m, day, in_qty i, out_qty o, ship_qty s, receive_qty r from stock_daily)
    select w, m, to_char(day, 'YYYY-MM-DD') as day,
      concat_ws('/', coalesce(d.i, 0), coalesce(d.o, 0), coalesce(d.s, 0), coalesce(d.r, 0)) as daily,
      concat_ws('/', coalesce(l.i, 0), coalesce(l.o, 0), coalesce(l.s, 0), coalesce(l.r, 0)) as ledger
    from l full join d using (w, m, day)
    where (coalesce(d.i, 0), coalesce(d.o, 0), coalesce(d.s, 0), coalesce(d.r, 0)) <> (coalesce(l.i, 0), coalesce(l.o, 0), coalesce(l.s, 0), coalesce(l.r, 0))
    order by w, m, day limit 20`)) {
    problems.push(`daily ${r.day} warehouse ${r.w} material ${r.m}: in/out/ship/receive ${r.daily}, the ledger's moves ${r.ledger}`);
  }
  problems.push(...await checkRolledPeriods(db));
  problems.push(...await checkWarehouseDaily(db));
  problems.push(...await checkChannelDays(db));
  problems.push(...await checkOnHandCounters(db));
  problems.push(...await checkTrailingWindow(db));
  problems.push(...await checkTrailingPairs(db));
  return problems;
}
