import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { addDays, addMonths } from '../../../shared/dates';
import { dayOf } from './ledger';

/**
 * Weeks (ISO, from Monday) and months rolled up from the daily roll-up once they are over, for
 * the balance reports' summaries (reports/balances.ts): `stock_period_totals` holds, per period
 * and warehouse, what the summary would otherwise compute from every daily row of the period.
 */
export type RollupUnit = 'week' | 'month';
export const ROLLUP_UNITS: readonly RollupUnit[] = ['week', 'month'];

/** A period is rolled up this long after it ends: a posting begun before midnight may commit just after. */
export const ROLLUP_GRACE_MS = 60 * 60_000;

/** The first day of the period `day` falls in: itself, its ISO week's Monday, its month's 1st. */
export function periodStartOf(unit: RollupUnit | 'day', day: string): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriodStart(unit: RollupUnit, start: string): string {
  if (unit === 'week') return addDays(start, 7);
  return addMonths(start, 1);
}

/** The last day of the period starting at `start`. */
export const periodEndOf = (unit: RollupUnit, start: string) => addDays(nextPeriodStart(unit, start), -1);

/** The starts of the periods rolled up between two days (period starts, both included). */
export async function rolledPeriods(db: Db, unit: RollupUnit, from: string, to: string): Promise<Set<string>> {
  const rows = await queryRows<{ start: string }>(db, sql`
    select to_char(period_start, 'YYYY-MM-DD') as start from stock_periods_rolled
    where unit = ${unit} and period_start between ${from}::date and ${to}::date`);
  return new Set(rows.map((r) => r.start));
}

/**
 * Rolls up every period that ended (an hour's grace) and is not rolled yet, from the first day
 * of the daily roll-up: after downtime, every period missed. Each period in its own transaction,
 * its mark first: a period another node rolls at the same time is skipped, never counted twice.
 * Per warehouse, over its keys' groups of daily rows in the period: a group closes at its last
 * day's closing and opens at that less the group's net flow (opening + in − out = closing holds
 * on every daily row and links a key's rows). Answers the periods rolled.
 */
export async function rollUpClosedPeriods(db: Db, now = new Date()): Promise<{ unit: RollupUnit; start: string }[]> {
  const [first] = await queryRows<{ day: string | null }>(db, sql`select to_char(min(day), 'YYYY-MM-DD') as day from stock_daily`);
  if (!first?.day) return [];
  const lastClosedDay = addDays(dayOf(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);
  const rolled: { unit: RollupUnit; start: string }[] = [];
  for (const unit of ROLLUP_UNITS) {
    const done = await rolledPeriods(db, unit, periodStartOf(unit, first.day), lastClosedDay);
    for (let start = periodStartOf(unit, first.day); periodEndOf(unit, start) <= lastClosedDay; start = nextPeriodStart(unit, start)) {
      if (done.has(start) || !(await rollUpPeriod(db, unit, start))) continue;
      rolled.push({ unit, start });
    }
  }
  return rolled;
}

/** One period's totals with its mark, or nothing when it is marked already. */
function rollUpPeriod(db: Db, unit: RollupUnit, start: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await queryRows(tx, sql`
      insert into stock_periods_rolled (unit, period_start) values (${unit}, ${start}::date) on conflict do nothing returning 1`);
    if (!marked.length) return false;
    await tx.execute(sql`
      insert into stock_period_totals (unit, period_start, warehouse_id, groups, open_with_stock, keys_moved, in_qty, out_qty)
      ${totalsOf(unit, start)}`);
    return true;
  });
}

/** A period's totals per warehouse, computed from its daily rows (the columns of `stock_period_totals`, in order). */
function totalsOf(unit: RollupUnit, start: string) {
  return sql`
    select ${unit}::varchar as unit, ${start}::date as period_start, warehouse_id, count(*)::int as groups,
      count(*) filter (where closing - in_qty + out_qty <> 0)::int as open_with_stock,
      (count(*) filter (where closing <> 0) - count(*) filter (where closing - in_qty + out_qty <> 0))::int as keys_moved,
      sum(in_qty)::bigint as in_qty, sum(out_qty)::bigint as out_qty
    from (
      select d.warehouse_id, (max(array[d.day - ${start}::date, d.closing]))[2] as closing, sum(d.in_qty) as in_qty, sum(d.out_qty) as out_qty
      from stock_daily d where d.day between ${start}::date and ${periodEndOf(unit, start)}::date group by d.warehouse_id, d.material_id
    ) g group by warehouse_id`;
}

/** For the ledger invariant check: every rolled period's totals against its daily rows now (at most 20 disagreements). */
export async function checkRolledPeriods(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const periods = await queryRows<{ unit: RollupUnit; start: string }>(db, sql`
    select unit, to_char(period_start, 'YYYY-MM-DD') as start from stock_periods_rolled order by unit, period_start`);
  for (const { unit, start } of periods) {
    // Each side once: the totals stored and those the daily rows give now, compared both ways.
    const [diff] = await queryRows<{ n: number; warehouseId: number }>(db, sql`
      with stored as (
        select unit, period_start, warehouse_id, groups, open_with_stock, keys_moved, in_qty, out_qty
        from stock_period_totals where unit = ${unit} and period_start = ${start}::date
      ), fresh as (${totalsOf(unit, start)})
      select count(*)::int as n, min(warehouse_id) as "warehouseId" from ((select * from stored except select * from fresh) union all (select * from fresh except select * from stored)) x`);
    if (Number(diff.n) > 0) problems.push(`${unit} from ${start}: the roll-up of warehouse ${diff.warehouseId} (and ${Number(diff.n) - 1} more rows) disagrees with its daily rows`);
    if (problems.length >= 20) break;
  }
  return problems;
}
