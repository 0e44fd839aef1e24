import { sql, type SQL } from 'drizzle-orm';
import { DOS_WINDOW_DAYS } from '../../../shared/analytics/reports/analysis';
import { addDays } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';
import { dayOf } from './ledger';
import { ROLLUP_GRACE_MS } from './periodRollup';

/**
 * The trailing window (docs/stock-model.md, "The trailing window"): per dealer and material, the
 * stock at the end of a closed day and the moves of the TRAILING_DAYS days up to it, kept in
 * stock_channel_trailing by the roll-up job, so that DOS and turnover over the window ending today
 * read a row per dealer and material plus the daily rows of the few days the window moved by,
 * rather than a month of daily rows (two million at ten million tyres).
 *
 * A window ending on day E holds, per dealer (the warehouse's; 0 the maker's own) and material:
 * `closing`, on hand at the end of E; `ship`, the channel outbound of the window; `net`, its net
 * moves; and `day_net`, Σ net × (day − 2000-01-01). The last gives the turnover's day-weighted
 * stock Σ net × (end − day + 1) = (end − 2000-01-01 + 1) × net − day_net of any end, so moving
 * the window on only adds the days entering and subtracts those leaving: no row of a key that did
 * not move changes.
 */
export const TRAILING_DAYS = DOS_WINDOW_DAYS;
const EPOCH = sql`date '2000-01-01'`;

/** A window's figures before the dealer's rows: the columns of stock_daily a window reads, with a sign. */
const dailyIn = (sign: number, after: SQL, upTo: SQL) => sql`
  select ${sql.raw(String(sign))} as sign, d.day, d.warehouse_id, d.material_id, d.in_qty, d.out_qty, d.ship_qty
  from stock_daily d where d.day > ${after} and d.day <= ${upTo}`;

/**
 * What moves a window ending on `from` to one ending on `to` (from < to, at most TRAILING_DAYS
 * later), per dealer and material: the days entering, (from, to], with their figures, and those
 * leaving, (from − N, to − N], negated; `closing` the net of the days entering. Over the materials
 * `materials` lets in (a condition on `s.material_id`).
 */
export function trailingShift(from: SQL, to: SQL, materials: SQL = sql`true`): SQL {
  const n = sql.raw(String(TRAILING_DAYS));
  return sql`select coalesce(w.dealer_id, 0) as dealer_id, s.material_id,
      coalesce(sum(s.in_qty - s.out_qty) filter (where s.sign > 0), 0)::bigint as closing,
      coalesce(sum(s.sign * s.ship_qty), 0)::bigint as ship, coalesce(sum(s.sign * (s.in_qty - s.out_qty)), 0)::bigint as net,
      coalesce(sum(s.sign * (s.in_qty - s.out_qty) * (s.day - ${EPOCH})), 0)::bigint as day_net
    from (${dailyIn(1, from, to)} union all ${dailyIn(-1, sql`${from} - ${n}`, sql`${to} - ${n}`)}) s
      join warehouses w on w.id = s.warehouse_id
    where ${materials}
    group by 1, 2`;
}

/**
 * The window ending on the day `end` (a date expression) from scratch: on hand now (the counter
 * per warehouse and material) less the net of the days after `end`, and the days of the window.
 * One statement, so the counter and the daily rows are read in one snapshot.
 */
function trailingFromScratch(end: SQL): SQL {
  const n = sql.raw(String(TRAILING_DAYS));
  return sql`select dealer_id, material_id, sum(closing)::bigint as closing, sum(ship)::bigint as ship, sum(net)::bigint as net, sum(day_net)::bigint as day_net
    from (
      select coalesce(w.dealer_id, 0) as dealer_id, h.material_id, h.qty as closing, 0 as ship, 0 as net, 0 as day_net
      from stock_warehouse_material_on_hand h join warehouses w on w.id = h.warehouse_id where h.qty <> 0
      union all
      select coalesce(w.dealer_id, 0), d.material_id, -(d.in_qty - d.out_qty), 0, 0, 0
      from stock_daily d join warehouses w on w.id = d.warehouse_id where d.day > ${end}
      union all
      select coalesce(w.dealer_id, 0), d.material_id, 0, d.ship_qty, d.in_qty - d.out_qty, (d.in_qty - d.out_qty) * (d.day - ${EPOCH})
      from stock_daily d join warehouses w on w.id = d.warehouse_id where d.day > ${end} - ${n} and d.day <= ${end}
    ) x
    group by 1, 2
    having sum(closing) <> 0 or sum(ship) <> 0 or sum(net) <> 0 or sum(day_net) <> 0`;
}

/** The end day a trailing window's end table holds, as a date expression read in the statement that uses it. */
export const heldEndSql = (endTable: string) => sql`(select e.day from ${sql.identifier(endTable)} e where e.id = 1)`;
const HELD_END = heldEndSql('stock_channel_trailing_end');

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A trailing window's roll: its end table, its lock, and how it moves on or is built. */
export interface TrailingRoll {
  endTable: string;
  /** Serialises rolls (two nodes' first rolls would both build the window). */
  lock: number;
  /** Whether the days it will read from `first` to `end` are there yet (else the roll waits). */
  ready?(tx: Db, first: string, end: string): Promise<boolean>;
  /** Adds the days (held, end] and subtracts those leaving. */
  shift(tx: Db, held: string, end: string): Promise<void>;
  /** Builds the window ending on `end` afresh. */
  build(tx: Db, end: string): Promise<void>;
}

/**
 * Moves a trailing window on to the last closed day (an hour's grace, as the day roll-ups), in one
 * transaction with its end row locked: by the days between when it is at most TRAILING_DAYS
 * behind, else from scratch (the first roll, or after servers were down that long). Answers the
 * new end, or null when the window is there already or its days are not.
 */
export async function rollTrailing(db: Db, now: Date, roll: TrailingRoll): Promise<string | null> {
  const end = addDays(dayOf(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);
  const table = sql.identifier(roll.endTable);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${roll.lock})`);
    const [held] = await queryRows<{ day: string }>(tx, sql`select to_char(day, 'YYYY-MM-DD') as day from ${table} where id = 1 for update`);
    if (held && held.day >= end) return null;
    const shift = held !== undefined && trailingReaches(held.day, end);
    if (roll.ready && !await roll.ready(tx, shift ? addDays(held.day, 1) : addDays(end, 1 - TRAILING_DAYS), end)) return null;
    await (shift ? roll.shift(tx, held.day, end) : roll.build(tx, end));
    await tx.execute(sql`
      insert into ${table} (id, day) values (1, ${end}::date) on conflict (id) do update set day = excluded.day, rolled_at = now()`);
    return end;
  });
}

/** The end a trailing window's end table holds, or null before the first roll. */
export async function heldEnd(db: Db, endTable: string): Promise<string | null> {
  const [row] = await queryRows<{ day: string }>(db, sql`select to_char(day, 'YYYY-MM-DD') as day from ${sql.identifier(endTable)} where id = 1`);
  return row?.day ?? null;
}

/** Moves DOS and turnover's window on (`rollTrailing`). */
export const rollUpTrailingWindow = (db: Db, now = new Date()) => rollTrailing(db, now, {
  endTable: 'stock_channel_trailing_end',
  lock: 7310301,
  async shift(tx, held, end) {
    await tx.execute(sql`
      insert into stock_channel_trailing as t (dealer_id, material_id, closing, ship, net, day_net)
      select dealer_id, material_id, closing, ship, net, day_net from (${trailingShift(sql`${held}::date`, sql`${end}::date`)}) c
      on conflict (dealer_id, material_id) do update set closing = t.closing + excluded.closing, ship = t.ship + excluded.ship,
        net = t.net + excluded.net, day_net = t.day_net + excluded.day_net`);
    await tx.execute(sql`delete from stock_channel_trailing where closing = 0 and ship = 0 and net = 0 and day_net = 0`);
  },
  async build(tx, end) {
    await tx.execute(sql`delete from stock_channel_trailing`);
    await tx.execute(sql`
      insert into stock_channel_trailing (dealer_id, material_id, closing, ship, net, day_net) ${trailingFromScratch(sql`${end}::date`)}`);
  },
});

/** The end of DOS and turnover's window held, or null before the first roll. */
export const trailingEnd = (db: Db) => heldEnd(db, 'stock_channel_trailing_end');

/** Whether the window held (ending on `end`) can be moved on to end on `today`: after it, by at most TRAILING_DAYS. */
export const trailingReaches = (end: string | null, today: string) =>
  end !== null && end < today && daysBetween(end, today) <= TRAILING_DAYS;

/**
 * The window ending on `today` per dealer and material (the materials `materials` lets in, a
 * condition on `s.material_id`): on_hand, ship, net and weighted (Σ net × (today − day + 1)). The
 * held window's end is read in the same statement as its rows, so a roll between the caller's
 * check (`trailingReaches`) and this statement is counted once.
 */
export function trailingToday(today: string, materials: SQL): SQL {
  const end = HELD_END;
  return sql`select dealer_id, material_id, coalesce(t.closing, 0) + coalesce(c.closing, 0) as on_hand,
      coalesce(t.ship, 0) + coalesce(c.ship, 0) as ship, coalesce(t.net, 0) + coalesce(c.net, 0) as net,
      (${today}::date - ${EPOCH} + 1) * (coalesce(t.net, 0) + coalesce(c.net, 0)) - coalesce(t.day_net, 0) - coalesce(c.day_net, 0) as weighted
    from (select s.* from stock_channel_trailing s where ${materials}) t
      full join (${trailingShift(end, sql`${today}::date`, materials)}) c using (dealer_id, material_id)`;
}

/**
 * For the invariant check: the window held against the same window from scratch (at most 20
 * keys), in one statement, so a roll meanwhile (another node's job) is seen whole or not at all.
 */
export async function checkTrailingWindow(db: Db): Promise<string[]> {
  const rows = await queryRows<{ end: string; dealer_id: number; material_id: number; held: string; fresh: string }>(db, sql`
    select to_char(${HELD_END}, 'YYYY-MM-DD') as "end", dealer_id, material_id,
      concat_ws('/', coalesce(t.closing, 0), coalesce(t.ship, 0), coalesce(t.net, 0), coalesce(t.day_net, 0)) as held,
      concat_ws('/', coalesce(f.closing, 0), coalesce(f.ship, 0), coalesce(f.net, 0), coalesce(f.day_net, 0)) as fresh
    from stock_channel_trailing t full join (${trailingFromScratch(HELD_END)}) f using (dealer_id, material_id)
    where ${HELD_END} is not null
      and (coalesce(t.closing, 0), coalesce(t.ship, 0), coalesce(t.net, 0), coalesce(t.day_net, 0))
        <> (coalesce(f.closing, 0), coalesce(f.ship, 0), coalesce(f.net, 0), coalesce(f.day_net, 0))
    order by 2, 3 limit 20`);
  return rows.map((r) => `trailing window to ${r.end} dealer ${r.dealer_id} material ${r.material_id}: closing/ship/net/day_net ${r.held}, the daily rows' ${r.fresh}`);
}
