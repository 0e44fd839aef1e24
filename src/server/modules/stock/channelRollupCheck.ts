import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { EXTRAS_WITH, inboundTypes, rankedTypes, salesTypes, TIME_ZONE } from './channelRollup';

/**
 * For the ledger invariant check: every rolled day against what it rolled up, now: its flows
 * against the day's warehouse rows, its closing against every warehouse's latest closing up to
 * it, its hours against the ledger's channel inbound moves of the day, its dealer rows against the
 * ledger's moves of the ranked types, and its later roll-ups (DAY_EXTRAS) against the ledger's
 * moves of the day (at most 20 of each kind).
 */
export async function checkChannelDays(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await queryRows(db, sql`
    with w as (
      select day, sum(in_qty)::bigint i, sum(out_qty)::bigint o, sum(ship_qty)::bigint s, sum(receive_qty)::bigint r,
        sum(first_opening + in_qty - out_qty)::bigint as net
      from (select *, case when day = min(day) over (partition by warehouse_id) then opening else 0 end as first_opening from stock_warehouse_daily) x
      group by day),
    run as (select day, i, o, s, r, sum(net) over (order by day) as closing from w)
    select to_char(c.day, 'YYYY-MM-DD') as day, concat_ws('/', c.in_qty, c.out_qty, c.ship_qty, c.receive_qty, c.closing) as rolled,
      concat_ws('/', coalesce(run.i, 0), coalesce(run.o, 0), coalesce(run.s, 0), coalesce(run.r, 0),
        coalesce((select p.closing from run p where p.day <= c.day order by p.day desc limit 1), 0)) as fresh
    from stock_channel_daily c left join run using (day)
    where (c.in_qty, c.out_qty, c.ship_qty, c.receive_qty) <> (coalesce(run.i, 0), coalesce(run.o, 0), coalesce(run.s, 0), coalesce(run.r, 0))
      or c.closing <> coalesce((select p.closing from run p where p.day <= c.day order by p.day desc limit 1), 0)
    order by c.day limit 20`)) {
    problems.push(`channel day ${r.day}: in/out/ship/receive/closing ${r.rolled}, the warehouse rows' ${r.fresh}`);
  }
  const day = sql`(m.moved_at at time zone ${TIME_ZONE})::date`;
  for (const r of await againstLedger(db, 'stock_channel_inbound_hours', ['hour'], ['qty'], sql`
    select ${day} as day, extract(hour from m.moved_at at time zone ${TIME_ZONE})::int as hour, sum(m.qty)::bigint as qty
    from stock_moves m where m.order_type in (${inboundTypes}) and m.qty > 0 group by 1, 2`)) {
    problems.push(`channel day ${r.day} hour ${r.hour}: ${r.rolled} inbound moves rolled, the ledger's ${r.ledger}`);
  }
  for (const r of await againstLedger(db, 'stock_channel_dealer_days', ['order_type', 'dealer_id'], ['qty'], sql`
    select ${day} as day, m.order_type, m.dealer_id, sum(m.qty)::bigint as qty
    from stock_moves m where m.order_type in (${rankedTypes}) and m.dealer_id is not null group by 1, 2, 3`)) {
    problems.push(`channel day ${r.day} dealer ${r.dealer_id} ${r.order_type}: ${r.rolled} moves rolled, the ledger's ${r.ledger}`);
  }
  for (const r of await againstLedger(db, 'stock_channel_material_days', ['order_type', 'material_id'], ['qty'], sql`
    select ${day} as day, m.order_type, m.material_id, sum(m.qty)::bigint as qty from stock_moves m group by 1, 2, 3`, EXTRAS_WITH.materialDays)) {
    problems.push(`channel day ${r.day} material ${r.material_id} ${r.order_type}: ${r.rolled} moves rolled, the ledger's ${r.ledger}`);
  }
  for (const r of await againstLedger(db, 'stock_channel_customer_days', ['customer', 'material_id'], ['qty', 'orders'], sql`
    select ${day} as day, coalesce(o.counterparty, '') as customer, m.material_id,
      sum(m.qty)::bigint as qty, count(distinct m.order_id) filter (where m.reverses_id is null)::int as orders
    from stock_moves m join orders o on o.id = m.order_id where m.order_type in (${salesTypes}) group by 1, 2, 3`, EXTRAS_WITH.customerDays)) {
    problems.push(`channel day ${r.day} customer "${r.customer}" material ${r.material_id}: sales/orders ${r.rolled} rolled, the ledger's ${r.ledger}`);
  }
  for (const r of await queryRows(db, sql`
    with l as (
      select (m.moved_at at time zone ${TIME_ZONE})::date as day, count(distinct m.order_id)::int as orders
      from stock_moves m where m.order_type in (${inboundTypes}) and m.qty > 0 group by 1)
    select to_char(c.day, 'YYYY-MM-DD') as day, coalesce(d.orders, -1) as rolled, coalesce(l.orders, 0) as ledger
    from stock_channel_daily c left join stock_channel_inbound_days d using (day) left join l using (day)
    where c.extras_rolled >= ${EXTRAS_WITH.inboundOrders} and coalesce(d.orders, -1) <> coalesce(l.orders, 0) order by 1 limit 20`)) {
    problems.push(`channel day ${r.day}: ${r.rolled} inbound orders rolled, the ledger's ${r.ledger}`);
  }
  for (const r of await queryRows(db, sql`
    with l as (
      select (m.moved_at at time zone ${TIME_ZONE})::date as day, m.order_type, m.dealer_id,
        count(distinct m.order_id) filter (where m.reverses_id is null)::int as orders, array_agg(distinct m.material_id order by m.material_id) as materials
      from stock_moves m where m.order_type in (${rankedTypes}) and m.dealer_id is not null group by 1, 2, 3),
    rolled as (select l.* from l join stock_channel_daily c using (day) where c.extras_rolled >= ${EXTRAS_WITH.dealerOrders}),
    dm as (
      select x.day, x.order_type, x.dealer_id, array_agg(x.material_id order by x.material_id) as materials
      from stock_channel_dealer_materials x group by 1, 2, 3),
    d as (
      select d.day, d.order_type, d.dealer_id, d.orders, dm.materials from stock_channel_dealer_days d
      join stock_channel_daily c using (day) left join dm using (day, order_type, dealer_id)
      where c.extras_rolled >= ${EXTRAS_WITH.dealerOrders})
    select to_char(day, 'YYYY-MM-DD') as day, order_type, dealer_id,
      concat_ws('/', coalesce(d.orders, 0), array_length(d.materials, 1)) as rolled, concat_ws('/', coalesce(rolled.orders, 0), array_length(rolled.materials, 1)) as ledger
    from d full join rolled using (day, order_type, dealer_id)
    where coalesce(d.orders, 0) <> coalesce(rolled.orders, 0) or d.materials is distinct from rolled.materials
    order by 1, 2, 3 limit 20`)) {
    problems.push(`channel day ${r.day} dealer ${r.dealer_id} ${r.order_type}: orders/materials ${r.rolled} rolled, the ledger's ${r.ledger}`);
  }
  return problems;
}

/**
 * The rows of a per-day roll-up `table` that differ from the same sums of the ledger (`ledger`:
 * day, `keys`, `values`), on the days rolled with it (`extras`: the later roll-ups the day must
 * hold): day, keys, and the values as `rolled` and `ledger` ("a/b"), at most 20.
 */
function againstLedger(db: Db, table: string, keys: string[], values: string[], ledger: SQL, extras = 0) {
  const ids = (names: string[]) => sql.join(names.map((n) => sql.identifier(n)), sql`, `);
  const of = (alias: string) => sql.join(values.map((v) => sql`coalesce(${sql.identifier(alias)}.${sql.identifier(v)}, 0)`), sql`, `);
  const ordinals = sql.raw(keys.map((_, i) => String(i + 2)).join(', '));
  return queryRows<Record<string, string>>(db, sql`
    with l as (${ledger}),
    rolled as (select l.* from l join stock_channel_daily c using (day) where c.extras_rolled >= ${extras})
    select to_char(day, 'YYYY-MM-DD') as day, ${ids(keys)}, concat_ws('/', ${of('d')}) as rolled, concat_ws('/', ${of('rolled')}) as ledger
    from ${sql.identifier(table)} d full join rolled using (day, ${ids(keys)})
    where (${of('d')}, 0) <> (${of('rolled')}, 0) order by 1, ${ordinals} limit 20`);
}
