import { sql, type SQL } from 'drizzle-orm';
import { CHANNEL_INBOUND_TYPES, RANKED_ORDER_TYPES } from '../../../shared/analytics/domain';
import { addDays } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';
import { dayOf } from './ledger';
import { ROLLUP_GRACE_MS } from './periodRollup';

/**
 * The whole channel per closed day (docs/stock-model.md): stock_channel_daily (in, out, ship,
 * receive and the closing over every warehouse, from stock_warehouse_daily),
 * stock_channel_inbound_hours (channel inbound moves per local hour, from the ledger) and
 * stock_channel_dealer_days (the net moves per dealer of the ranked order types) and the later
 * roll-ups of DAY_EXTRAS (per material and order type; sales per customer and material; inbound
 * orders; orders and materials per dealer), rolled once per day an hour after it ends. Postings only ever write today, so a rolled day never
 * changes; the dashboards of an unrestricted user read these for the days rolled and the
 * warehouse rows (or the ledger) for the days after.
 */

/** The server's time zone: business days and hours are local (ledger.ts dayOf). */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The moment a business day starts (local midnight), as an ISO timestamp. */
export function dayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

const listOf = (codes: readonly string[]) => sql.join(codes.map((t) => sql`${t}`), sql`, `);
export const inboundTypes = listOf(CHANNEL_INBOUND_TYPES);
export const rankedTypes = listOf(RANKED_ORDER_TYPES);

/** Channel inbound moves of the ledger between two moments, per local hour (the columns of stock_channel_inbound_hours but the day). */
export const inboundHoursSql = (from: string, to: string) => sql`
  select extract(hour from m.moved_at at time zone ${TIME_ZONE})::int as hour, sum(m.qty)::bigint as qty
  from stock_moves m
  where m.moved_at >= ${from}::timestamptz and m.moved_at < ${to}::timestamptz and m.order_type in (${inboundTypes}) and m.qty > 0
  group by 1`;

/**
 * Rolls up every closed day (an hour's grace, as the balance periods) not rolled yet, from the
 * first day of the warehouse roll-up, in order: each day in its own transaction, its row first,
 * so a day another node rolls at the same time is skipped. Answers the days rolled.
 */
export async function rollUpChannelDays(db: Db, now = new Date()): Promise<string[]> {
  const [first] = await queryRows<{ day: string | null }>(db, sql`select to_char(min(day), 'YYYY-MM-DD') as day from stock_warehouse_daily`);
  if (!first?.day) return [];
  const lastClosedDay = addDays(dayOf(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);
  const done = new Set((await queryRows<{ day: string }>(db, sql`
    select to_char(day, 'YYYY-MM-DD') as day from stock_channel_daily where day >= ${first.day}::date`)).map((r) => r.day));
  const rolled: string[] = [];
  for (let day = first.day; day <= lastClosedDay; day = addDays(day, 1)) {
    if (!done.has(day) && (await rollUpDay(db, day))) rolled.push(day);
  }
  // The days rolled before a later roll-up came, filled in oldest first (a day at a time, so
  // postings and other jobs never wait long for the database).
  for (const { day, extras } of await queryRows<{ day: string; extras: number }>(db, sql`
    select to_char(day, 'YYYY-MM-DD') as day, extras_rolled as extras from stock_channel_daily where extras_rolled < ${DAY_EXTRAS.length} order by day`)) {
    await db.transaction(async (tx) => {
      const marked = await queryRows(tx, sql`
        update stock_channel_daily set extras_rolled = ${DAY_EXTRAS.length} where day = ${day}::date and extras_rolled = ${extras} returning 1`);
      if (marked.length) for (const extra of DAY_EXTRAS.slice(extras)) for (const statement of extra(day)) await tx.execute(statement);
    });
  }
  return rolled;
}

/** How many of DAY_EXTRAS a day must hold for each of its later roll-ups to be there. */
export const EXTRAS_WITH = { materialDays: 1, customerDays: 2, inboundOrders: 2, dealerOrders: 3 } as const;

export const salesTypes = listOf(['WL', 'WC']);
/** The ledger's moves of a closed day (local midnight to midnight), as a WHERE condition over `m`. */
const ofDay = (day: string) => sql`m.moved_at >= ${dayStart(day)}::timestamptz and m.moved_at < ${dayStart(addDays(day, 1))}::timestamptz`;

/**
 * The roll-ups that came after the day's own, in the order they came: each a day's statements.
 * A day's `extras_rolled` says how many it holds (schema.ts stockChannelDaily). Add a new one at
 * the end, never in between: the days already rolled hold those before it.
 */
export const DAY_EXTRAS: ((day: string) => SQL[])[] = [
  // The net moves per material and order type (stock_channel_material_days).
  (day) => [sql`
    insert into stock_channel_material_days (order_type, day, material_id, qty)
    select m.order_type, ${day}::date, m.material_id, sum(m.qty) from stock_moves m where ${ofDay(day)}
    group by m.order_type, m.material_id`],
  // Sales per customer and material, and the orders with channel inbound moves (stock_channel_customer_days, stock_channel_inbound_days).
  (day) => [sql`
    insert into stock_channel_customer_days (day, customer, material_id, qty, orders)
    select ${day}::date, coalesce(o.counterparty, ''), m.material_id, sum(m.qty), count(distinct m.order_id) filter (where m.reverses_id is null)
    from stock_moves m join orders o on o.id = m.order_id
    where ${ofDay(day)} and m.order_type in (${salesTypes})
    group by 2, 3`, sql`
    insert into stock_channel_inbound_days (day, orders)
    select ${day}::date, count(distinct m.order_id) from stock_moves m where ${ofDay(day)} and m.order_type in (${inboundTypes}) and m.qty > 0`],
  // The orders per dealer of the ranked types (stock_channel_dealer_days.orders), and the materials they carried (stock_channel_dealer_materials).
  (day) => [sql`
    update stock_channel_dealer_days d set orders = x.orders
    from (
      select m.order_type, m.dealer_id, count(distinct m.order_id) filter (where m.reverses_id is null)::int as orders
      from stock_moves m where ${ofDay(day)} and m.order_type in (${rankedTypes}) and m.dealer_id is not null group by 1, 2) x
    where d.day = ${day}::date and d.order_type = x.order_type and d.dealer_id = x.dealer_id`, sql`
    insert into stock_channel_dealer_materials (order_type, day, dealer_id, material_id)
    select distinct m.order_type, ${day}::date, m.dealer_id, m.material_id
    from stock_moves m where ${ofDay(day)} and m.order_type in (${rankedTypes}) and m.dealer_id is not null`],
];

/**
 * One day's row and hours, or nothing when it is rolled already. The closing follows on from the
 * day before's when that is rolled (every warehouse closes at its previous closing + in − out),
 * else it is the sum of every warehouse's latest closing up to the day.
 */
function rollUpDay(db: Db, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await queryRows(tx, sql`
      insert into stock_channel_daily (day, in_qty, out_qty, ship_qty, receive_qty, closing, extras_rolled)
      select ${day}::date, coalesce(sum(w.in_qty), 0), coalesce(sum(w.out_qty), 0), coalesce(sum(w.ship_qty), 0), coalesce(sum(w.receive_qty), 0),
        coalesce((select c.closing from stock_channel_daily c where c.day = ${day}::date - 1) + coalesce(sum(w.in_qty - w.out_qty), 0),
          (select coalesce(sum(x.closing), 0) from (
            select distinct on (warehouse_id) closing from stock_warehouse_daily where day <= ${day}::date order by warehouse_id, day desc) x)),
        ${DAY_EXTRAS.length}
      from stock_warehouse_daily w where w.day = ${day}::date
      on conflict do nothing returning 1`);
    if (!marked.length) return false;
    await tx.execute(sql`
      insert into stock_channel_inbound_hours (day, hour, qty)
      select ${day}::date, h.hour, h.qty from (${inboundHoursSql(dayStart(day), dayStart(addDays(day, 1)))}) h`);
    await tx.execute(sql`
      insert into stock_channel_dealer_days (order_type, day, dealer_id, qty)
      select m.order_type, ${day}::date, m.dealer_id, sum(m.qty)
      from stock_moves m
      where m.moved_at >= ${dayStart(day)}::timestamptz and m.moved_at < ${dayStart(addDays(day, 1))}::timestamptz
        and m.order_type in (${rankedTypes}) and m.dealer_id is not null
      group by m.order_type, m.dealer_id`);
    for (const extra of DAY_EXTRAS) for (const statement of extra(day)) await tx.execute(statement);
    return true;
  });
}
