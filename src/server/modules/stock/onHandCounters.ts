import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * The on-hand counters (stock_channel_on_hand, stock_warehouse_on_hand, stock_material_on_hand,
 * stock_warehouse_material_on_hand, stock_location_on_hand, stock_location_material_on_hand) are
 * kept by triggers on stock_on_hand, dealers' region and materials' brand (migrations 0026, 0031,
 * 0034 and 0037), the barcodes per
 * material and status (stock_material_barcodes, migration 0032) and the stock-age days
 * (stock_age_days) by triggers on barcodes (migration 0028; docs/stock-model.md). Proves they
 * still equal the sums of stock_on_hand under today's regions and brands, and the barcodes in
 * stock: the keys that disagree (at most 20 of each table); empty means they agree.
 */
/**
 * stock_on_hand's rows under the channel counters' key, as (brand_id, region_id, dot_code, located,
 * warehouse_id, qty) where `where` holds over the alias `s`: what the counters sum, and what a
 * narrower view of on hand reads instead of them. region_id is the dealer's (0: no dealer, or a
 * dealer without one), located is on a storage location.
 */
export const onHandKeysSql = (where: SQL = sql`true`) => sql`
  select m.brand_id, coalesce(d.region_id, 0) as region_id, s.dot_code, s.location_id <> 0 as located, s.warehouse_id, s.qty
  from stock_on_hand s join materials m on m.id = s.material_id left join dealers d on d.id = s.dealer_id
  where ${where}`;

export async function checkOnHandCounters(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await queryRows<{ b: number; r: number; t: string; l: boolean; counted: number; on_hand: number }>(db, sql`
    with h as (select k.brand_id b, k.region_id r, k.dot_code t, k.located l, sum(k.qty)::bigint q from (${onHandKeysSql()}) k group by 1, 2, 3, 4),
    c as (select brand_id b, region_id r, dot_code t, located l, qty q from stock_channel_on_hand)
    select b, r, t, l, coalesce(c.q, 0)::bigint as counted, coalesce(h.q, 0)::bigint as on_hand
    from h full join c using (b, r, t, l) where coalesce(c.q, 0) <> coalesce(h.q, 0)
    order by b, r, t, l limit 20`)) {
    problems.push(`channel on hand brand ${r.b} region ${r.r} DOT '${r.t}' ${r.l ? 'located' : 'not located'}: counted ${r.counted}, on hand ${r.on_hand}`);
  }
  for (const r of await queryRows<{ w: number; counted: number; on_hand: number }>(db, sql`
    with h as (select warehouse_id w, sum(qty)::bigint q from stock_on_hand group by 1),
    c as (select warehouse_id w, qty q from stock_warehouse_on_hand)
    select w, coalesce(c.q, 0)::bigint as counted, coalesce(h.q, 0)::bigint as on_hand
    from h full join c using (w) where coalesce(c.q, 0) <> coalesce(h.q, 0) order by w limit 20`)) {
    problems.push(`warehouse ${r.w} on hand: counted ${r.counted}, on hand ${r.on_hand}`);
  }
  for (const r of await queryRows<{ m: number; t: string; counted: number; on_hand: number }>(db, sql`
    with h as (select material_id m, dot_code t, sum(qty)::bigint q from stock_on_hand group by 1, 2),
    c as (select material_id m, dot_code t, qty q from stock_material_on_hand)
    select m, t, coalesce(c.q, 0)::bigint as counted, coalesce(h.q, 0)::bigint as on_hand
    from h full join c using (m, t) where coalesce(c.q, 0) <> coalesce(h.q, 0) order by m, t limit 20`)) {
    problems.push(`material ${r.m} DOT '${r.t}' on hand: counted ${r.counted}, on hand ${r.on_hand}`);
  }
  for (const r of await queryRows<{ w: number; m: number; counted: number; on_hand: number }>(db, sql`
    with h as (select warehouse_id w, material_id m, sum(qty)::bigint q from stock_on_hand group by 1, 2),
    c as (select warehouse_id w, material_id m, qty q from stock_warehouse_material_on_hand)
    select w, m, coalesce(c.q, 0)::bigint as counted, coalesce(h.q, 0)::bigint as on_hand
    from h full join c using (w, m) where coalesce(c.q, 0) <> coalesce(h.q, 0) order by w, m limit 20`)) {
    problems.push(`warehouse ${r.w} material ${r.m} on hand: counted ${r.counted}, on hand ${r.on_hand}`);
  }
  for (const r of await queryRows<{ l: number; counted: number; on_hand: number }>(db, sql`
    with h as (select location_id l, sum(qty)::bigint q from stock_on_hand where location_id <> 0 group by 1),
    c as (select location_id l, qty q from stock_location_on_hand)
    select l, coalesce(c.q, 0)::bigint as counted, coalesce(h.q, 0)::bigint as on_hand
    from h full join c using (l) where coalesce(c.q, 0) <> coalesce(h.q, 0) order by l limit 20`)) {
    problems.push(`location ${r.l} on hand: counted ${r.counted}, on hand ${r.on_hand}`);
  }
  for (const r of await queryRows<{ w: number; l: number; m: number; counted: number; on_hand: number }>(db, sql`
    with h as (select warehouse_id w, location_id l, material_id m, sum(qty)::bigint q from stock_on_hand group by 1, 2, 3),
    c as (select warehouse_id w, location_id l, material_id m, qty q from stock_location_material_on_hand)
    select w, l, m, coalesce(c.q, 0)::bigint as counted, coalesce(h.q, 0)::bigint as on_hand
    from h full join c using (w, l, m) where coalesce(c.q, 0) <> coalesce(h.q, 0) order by w, l, m limit 20`)) {
    problems.push(`warehouse ${r.w} location ${r.l} material ${r.m} on hand: counted ${r.counted}, on hand ${r.on_hand}`);
  }
  for (const r of await queryRows<{ m: number; s: string; counted: number; barcodes: number }>(db, sql`
    with b as (select material_id m, status s, count(*)::bigint q from barcodes group by 1, 2),
    c as (select material_id m, status s, qty q from stock_material_barcodes)
    select m, s, coalesce(c.q, 0)::bigint as counted, coalesce(b.q, 0)::bigint as barcodes
    from b full join c using (m, s) where coalesce(c.q, 0) <> coalesce(b.q, 0) order by m, s limit 20`)) {
    problems.push(`material ${r.m} barcodes ${r.s}: counted ${r.counted}, barcodes ${r.barcodes}`);
  }
  for (const r of await queryRows<{ day: string; slot: number; counted: number; in_stock: number }>(db, sql`
    with b as (
      select (coalesce(inbound_at, created_at) at time zone 'UTC')::date as day, coalesce(warehouse_id, 0) % 16 as slot, count(*)::bigint q
      from barcodes where status = 'in' group by 1, 2),
    c as (select day, slot, qty q from stock_age_days)
    select to_char(day, 'YYYY-MM-DD') as day, slot, coalesce(c.q, 0)::bigint as counted, coalesce(b.q, 0)::bigint as in_stock
    from b full join c using (day, slot) where coalesce(c.q, 0) <> coalesce(b.q, 0) order by 1, 2 limit 20`)) {
    problems.push(`stock age day ${r.day} slot ${r.slot}: counted ${r.counted}, barcodes in stock ${r.in_stock}`);
  }
  return problems;
}
