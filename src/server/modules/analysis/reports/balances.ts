import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { INVENTORY_REPORTS } from '../../../../shared/analytics/reports/inventory';
import { queryRows } from '../../../db/client';
import { dayOf } from '../../stock/ledger';
import { nextPeriodStart, periodEndOf, periodStartOf, rolledPeriods, type RollupUnit } from '../../stock/periodRollup';
import { scopeSql, type AnalyticsCtx, type ReportPaging, type ReportQuery, type Row } from '../registry';
import { addDays, dayRange, materialFilters, materialJoin, materialSelect, periodLabel, placeFilters } from './reportSql';
import { batchRows, sqlReport } from './sqlReport';
import { must } from '../../../../shared/must';

/**
 * reportQuery › storageInventory › day, week and month balance: opening, in, out and closing
 * per warehouse, material and period, from the sparse daily roll-up (`stock_daily`) alone.
 *
 * A period's opening is the opening of its first row (the ledger opens a key's first row of a
 * day at its latest earlier closing), its closing that of its last row, in and out the sums of
 * its rows. A period without rows carries the latest closing before it and is shown when that
 * is not zero. Periods cut by the range count only the days inside it.
 *
 * The whole grid of keys × periods (`grid`) is what an export streams and what a page sorted by
 * a figure needs. A page in period order (the default, newest first) does not: the count and
 * the chart come from one pass over the range's roll-up rows (`summaryOf`), and only the
 * period or two the page shows are materialised (`periodRows`).
 */
type Unit = 'day' | 'week' | 'month';
const BALANCE_UNITS = { dayBalance: 'day', weekBalance: 'week', monthBalance: 'month' } as const;
const defOf = (page: string): ReportDef => must(INVENTORY_REPORTS.find((d) => d.page === page), `report ${page}`);

/** Where a balance report starts without dates: this month's 1st, 8 ISO weeks back, this year's January. */
const balanceStart = (unit: Unit) => (to: string) => {
  if (unit === 'day') return `${to.slice(0, 8)}01`;
  if (unit === 'month') return `${to.slice(0, 4)}-01-01`;
  return addDays(periodStartOf('week', to), -49);
};

/** Up to this many days back, a balance's opening is read from today's on-hand rather than from the roll-up's past. */
const OPENING_FROM_ON_HAND_DAYS = 92;

/** Warehouses by id, both included: a slice of the keys in key order. */
interface WarehouseRange { first: number; last: number }

/** The range, the keys' filters (scope, place, material; from the `last` key on, for an export batch) and the roll-up they read. */
function setup(ctx: AnalyticsCtx, f: AnalyticsFilters, unit: Unit, last?: Row, warehouses?: WarehouseRange) {
  // Days after today have no balance yet: the range stops at today.
  const today = dayOf(ctx.now);
  const { from, to: chosen } = dayRange(f, ctx.now, balanceStart(unit));
  const to = chosen < today ? chosen : today;
  const keyWhere = sql`${scopeSql(ctx.scope, sql`w.dealer_id`, sql`d.warehouse_id`)} and ${placeFilters(f, sql`w.dealer_id`, sql`d.warehouse_id`)}
      and ${materialFilters(f, sql`mat`)} ${last ? sql`and (d.warehouse_id, d.material_id) >= (${last.warehouseId}, ${last.materialId})` : sql``}
      ${warehouses ? sql`and d.warehouse_id between ${warehouses.first} and ${warehouses.last}` : sql``}`;
  // The warehouse and material are joined only when a scope or filter reads them: an unrestricted, unfiltered balance reads the roll-up alone.
  const byDealer = ctx.scope.dealerIds !== null || !!f.dealerId || !!f.regionId;
  const byMaterial = !!(f.brandId || f.specification || f.pattern || f.keyword);
  const dealerJoin = byDealer ? sql`join warehouses w on w.id = d.warehouse_id` : sql``;
  const joins = sql`${dealerJoin} ${byMaterial ? materialJoin(sql`d.material_id`) : sql``}`;
  const keyed = sql`stock_daily d ${joins}`;
  /** On-hand per key (the warehouse and material counter, docs/stock-model.md) within the same scope and filters. */
  const onHand = sql`stock_warehouse_material_on_hand d ${joins}`;
  const step = sql.raw(`interval '1 ${unit}'`);
  /** The periods of the range in order (seq from 1), each with the days of it inside the range. */
  const periods = sql`
    select row_number() over (order by gs)::int as seq, ${periodLabel(sql`gs::date`, unit)} as period,
      to_char(greatest(gs::date, ${from}::date), 'YYYY-MM-DD') as start, to_char(least((gs + ${step})::date - 1, ${to}::date), 'YYYY-MM-DD') as "end"
    from generate_series(date_trunc(${unit}, ${from}::date::timestamp), ${to}::date::timestamp, ${step}) gs`;
  /** The period roll-up within the same scope and filters; it has no material, so none when a material filter is set. */
  const totals = byMaterial ? null : sql`stock_period_totals d ${dealerJoin}`;
  return { today, from, to, keyWhere, keyed, onHand, periods, totals };
}

/**
 * Each key's closing at the end of the day before `from` (a balance's opening): the roll-up's
 * last row before `from`, or, when `from` is recent, today's on-hand minus the net flow of every
 * day since (the same figure, as the ledger invariant ties the last closing to on-hand). The
 * first reads every earlier row of every key (1.8M rows and a sort at 1M tyres), the second only
 * on-hand and the days since, so a balance of this month or of recent weeks reads the near end.
 */
function openingBefore(from: string, today: string, { keyed, onHand, keyWhere }: { keyed: SQL; onHand: SQL; keyWhere: SQL }): SQL {
  const back = (Date.parse(today) - Date.parse(from)) / 86_400_000;
  if (back > OPENING_FROM_ON_HAND_DAYS) {
    return sql`
      select distinct on (d.warehouse_id, d.material_id) d.warehouse_id, d.material_id, d.closing from ${keyed}
      where d.day < ${from}::date and ${keyWhere} order by d.warehouse_id, d.material_id, d.day desc`;
  }
  return sql`
    select x.warehouse_id, x.material_id, sum(x.q)::int as closing from (
      select d.warehouse_id, d.material_id, d.qty as q
      from ${onHand} where ${keyWhere}
      union all
      select d.warehouse_id, d.material_id, d.out_qty - d.in_qty from ${keyed} where d.day >= ${from}::date and ${keyWhere}
    ) x group by 1, 2 having sum(x.q) <> 0`;
}

const balancedSql = (opening: SQL, inQty: SQL, outQty: SQL, closing: SQL) =>
  sql`case when ${opening} + ${inQty} - ${outQty} = ${closing} then 'yes' else 'no' end`;

/** Every row of the grid: each key with rows in the range or stock before it, in each period it has rows or a balance. */
function grid(unit: Unit) {
  return (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL, last?: Row) => {
    const keys = setup(ctx, f, unit, last);
    const { today, from, to, keyWhere, keyed, periods } = keys;
    return sql`
      with p as (${periods}), prior as (${openingBefore(from, today, keys)}), g as (
        select d.warehouse_id, d.material_id, ${periodLabel(sql`d.day`, unit)} as period,
          (array_agg(d.opening order by d.day))[1] as opening, (array_agg(d.closing order by d.day desc))[1] as closing,
          sum(d.in_qty)::int as in_qty, sum(d.out_qty)::int as out_qty
        from ${keyed} where d.day between ${from}::date and ${to}::date and ${keyWhere} group by 1, 2, 3
      ), k as (
        select warehouse_id, material_id from (
          select warehouse_id, material_id from g union select warehouse_id, material_id from prior where closing <> 0
        ) u order by 1, 2 ${last ? sql`limit ${batchRows(ctx) + 1}` : sql``}
      ), x as (
        select k.warehouse_id, k.material_id, p.seq, p.period, g.opening, g.closing, g.in_qty, g.out_qty, coalesce(prior.closing, 0) as before,
          count(g.closing) over (partition by k.warehouse_id, k.material_id order by p.seq) as grp
        from k cross join p
        left join g on g.warehouse_id = k.warehouse_id and g.material_id = k.material_id and g.period = p.period
        left join prior on prior.warehouse_id = k.warehouse_id and prior.material_id = k.material_id
      ), y as (
        select x.*, case when grp = 0 then before else first_value(closing) over (partition by warehouse_id, material_id, grp order by seq) end as carried from x
      )
      select y.period, y.warehouse_id as "warehouseId", y.material_id as "materialId", w.name as "warehouseName", ${materialSelect},
        coalesce(y.opening, y.carried) as opening, coalesce(y.in_qty, 0) as "inQty", coalesce(y.out_qty, 0) as "outQty", coalesce(y.closing, y.carried) as closing,
        ${balancedSql(sql`coalesce(y.opening, y.carried)`, sql`coalesce(y.in_qty, 0)`, sql`coalesce(y.out_qty, 0)`, sql`coalesce(y.closing, y.carried)`)} as balanced
      from y join warehouses w on w.id = y.warehouse_id ${materialJoin(sql`y.material_id`)}
      where (y.opening is not null or y.carried <> 0) and ${after}`;
  };
}

const spanOf = (run: { from: string; to: string }) => Date.parse(run.to) - Date.parse(run.from);

/**
 * The longest run of consecutive periods wholly inside the range that the period roll-up holds
 * (jobs/periodRollup.ts): their figures are read from it, per warehouse, rather than from their
 * daily rows. A period cut by the range, or not rolled up yet (the current one), is read from
 * the daily rows.
 */
async function rolledRun(ctx: AnalyticsCtx, unit: RollupUnit, from: string, to: string) {
  const rolled = await rolledPeriods(ctx.db, unit, from, to);
  let best: { from: string; to: string } | null = null;
  let run: { from: string; to: string } | null = null;
  for (let start = periodStartOf(unit, from); start <= to; start = nextPeriodStart(unit, start)) {
    const end = periodEndOf(unit, start);
    if (start >= from && end <= to && rolled.has(start)) {
      run = run ? { from: run.from, to: end } : { from: start, to: end };
      if (!best || spanOf(run) >= spanOf(best)) best = run;
    } else run = null;
  }
  return best;
}

interface PeriodSummary {
  period: string;
  start: string;
  end: string;
  /** Rows of the period: keys with roll-up rows in it or a balance carried into it. */
  rows: number;
  inQty: number;
  outQty: number;
  /** The sum of the rows' closings: the stock of the keys at the period's end. */
  closing: number;
}

/**
 * Per period of the range: its row count and its chart figures, from the roll-up rows of the
 * range and the days after it, grouped by key and period (a day's group is its one row), with
 * no key × period grid and no ordering of a key's groups. A period's rows are the keys with a
 * group in it plus the keys whose balance at its start is not zero, less the keys that are
 * both. The keys with a balance are counted now, from on-hand, and walked back: a group that
 * brought a key to zero had one more key with a balance before it, one that closed a key's
 * zero balance one less (a group opens at the closing of the key's group before it). The stock
 * at a period's end is walked back from on-hand by each period's net flow the same way.
 */
async function summaryOf(ctx: AnalyticsCtx, f: AnalyticsFilters, unit: Unit): Promise<PeriodSummary[]> {
  const { today, from, to, keyWhere, keyed, onHand, periods, totals } = setup(ctx, f, unit);
  const rolled = unit !== 'day' && totals ? await rolledRun(ctx, unit, from, to) : null;
  // The days after the range (to today) count only for the walk back: as one period of their own.
  const periodOf = sql`case when d.day <= ${to}::date then ${periodLabel(sql`d.day`, unit)} end`;
  /** The range's daily rows and the days after it, less the periods read from the period roll-up (never today's). */
  const daysRead = rolled
    ? [[from, addDays(rolled.from, -1)], [addDays(rolled.to, 1), today]].filter(([a, b]) => a <= b)
    : [[from, today]];
  const daily = sql.join(daysRead.map(([a, b]) => sql`select d.day, d.warehouse_id, d.material_id, d.opening, d.closing, d.in_qty, d.out_qty
    from ${keyed} where d.day between ${a}::date and ${b}::date and ${keyWhere}`), sql` union all `);
  const [[now], rows] = await Promise.all([
    queryRows<{ keys: number; stock: number }>(ctx.db, sql`
      select count(*)::int as keys, coalesce(sum(qty), 0)::bigint as stock from (
        select sum(d.qty) as qty from ${onHand} where ${keyWhere} group by d.warehouse_id, d.material_id having sum(d.qty) <> 0
      ) k`),
    queryRows<{ seq: number | null; period: string | null; start: string; end: string; groups: number; openWithStock: number; keysMoved: number; inQty: number; outQty: number }>(ctx.db, sql`
      with d as (${daily}), g as (${unit === 'day'
        ? sql`select ${periodOf} as period, d.opening, d.closing, d.in_qty, d.out_qty from d`
        // The group's closing is its last day's (the largest [day, closing] pair); its opening follows from the flows.
        : sql`select period, closing - in_qty + out_qty as opening, closing, in_qty, out_qty from (
            select ${periodOf} as period, (max(array[d.day - ${from}::date, d.closing]))[2] as closing,
              sum(d.in_qty)::int as in_qty, sum(d.out_qty)::int as out_qty
            from d group by d.warehouse_id, d.material_id, 1) x`}
      ), a as (
        select period, sum(groups)::int as groups, sum("openWithStock")::int as "openWithStock", sum("keysMoved")::int as "keysMoved",
          sum("inQty")::bigint as "inQty", sum("outQty")::bigint as "outQty"
        from (
          select period, count(*) as groups, count(*) filter (where opening <> 0) as "openWithStock",
            count(*) filter (where closing <> 0) - count(*) filter (where opening <> 0) as "keysMoved",
            sum(in_qty) as "inQty", sum(out_qty) as "outQty"
          from g group by period
          ${rolled ? sql`union all
          select ${periodLabel(sql`d.period_start`, unit)}, sum(d.groups), sum(d.open_with_stock), sum(d.keys_moved), sum(d.in_qty), sum(d.out_qty)
          from ${totals} where d.unit = ${unit} and d.period_start between ${rolled.from}::date and ${rolled.to}::date and ${keyWhere}
          group by d.period_start` : sql``}
        ) u group by period
      )
      select p.seq, p.period, p.start, p."end", coalesce(a.groups, 0) as groups, coalesce(a."openWithStock", 0) as "openWithStock",
        coalesce(a."keysMoved", 0) as "keysMoved", coalesce(a."inQty", 0) as "inQty", coalesce(a."outQty", 0) as "outQty"
      from (${periods}) p left join a on a.period = p.period
      union all
      select null, null, null, null, 0, 0, "keysMoved", "inQty", "outQty" from a where period is null`),
  ]);
  const after = rows.find((r) => r.seq === null);
  let keys = Number(now.keys) - Number(after?.keysMoved ?? 0);
  let stock = Number(now.stock) - Number(after?.inQty ?? 0) + Number(after?.outQty ?? 0);
  const summary: PeriodSummary[] = [];
  const inRange = rows.filter((x) => x.seq !== null).sort((x, y) => Number(y.seq) - Number(x.seq));
  for (const r of inRange) {
    const inQty = Number(r.inQty), outQty = Number(r.outQty);
    keys -= Number(r.keysMoved);
    summary.unshift({ period: must(r.period, `the label of period ${r.seq}`), start: r.start, end: r.end, rows: Number(r.groups) + keys - Number(r.openWithStock), inQty, outQty, closing: stock });
    stock -= inQty - outQty;
  }
  return summary;
}

/** Warehouses a page walks first: a slice of this many, then each next slice twice the last. */
const FIRST_SLICE = 8;

/**
 * One period's rows (its days within the range), in key order, `limit` of them from `offset`:
 * its groups and the balances carried into it. Keys are ordered by warehouse first, so the rows
 * are read a slice of warehouses at a time (the scope's and filters' own, by id; 8, then 16, 32
 * and so on) until the page is full: each slice is read through the roll-up's primary key
 * (warehouse, material, day) and answers its own row count, by which the offset skips it. A
 * first page reads its first slice or two, not every key of the period.
 */
async function periodRows(ctx: AnalyticsCtx, f: AnalyticsFilters, unit: Unit, p: Pick<PeriodSummary, 'start' | 'end'>, offset: number, limit: number): Promise<Row[]> {
  const ids = (await queryRows<{ id: number }>(ctx.db, sql`
    select w.id from warehouses w where ${scopeSql(ctx.scope, sql`w.dealer_id`, sql`w.id`)} and ${placeFilters(f, sql`w.dealer_id`, sql`w.id`)} order by w.id`))
    .map((r) => Number(r.id));
  const rows: Row[] = [];
  let skip = offset;
  for (let i = 0, size = FIRST_SLICE; i < ids.length && rows.length < limit; i += size, size *= 2) {
    const slice = { first: ids[i], last: ids[Math.min(i + size, ids.length) - 1] };
    const read = await sliceRows(ctx, f, unit, p, slice, skip, limit - rows.length);
    rows.push(...read.rows);
    skip = Math.max(0, skip - read.total);
  }
  return rows;
}

/** A slice's rows of one period, `limit` from `offset`, and how many it holds (told also when the offset is past them). */
async function sliceRows(ctx: AnalyticsCtx, f: AnalyticsFilters, unit: Unit, p: Pick<PeriodSummary, 'start' | 'end'>, slice: WarehouseRange, offset: number, limit: number) {
  const keys = setup(ctx, f, unit, undefined, slice);
  const { today, keyWhere, keyed } = keys;
  const rows = await queryRows<Row & { sliceRows: number }>(ctx.db, sql`
    with prior as (${openingBefore(p.start, today, keys)}), g as (
      select d.warehouse_id, d.material_id, (array_agg(d.opening order by d.day))[1] as opening,
        (array_agg(d.closing order by d.day desc))[1] as closing, sum(d.in_qty)::int as in_qty, sum(d.out_qty)::int as out_qty
      from ${keyed} where d.day between ${p.start}::date and ${p.end}::date and ${keyWhere} group by 1, 2
    ), u as (
      select warehouse_id, material_id from g union select warehouse_id, material_id from prior where closing <> 0
    ), k as (
      select warehouse_id, material_id from u order by 1, 2 limit ${limit} offset ${offset}
    ), y as (
      select k.warehouse_id, k.material_id, coalesce(g.opening, pr.closing, 0) as opening, coalesce(g.in_qty, 0) as in_qty,
        coalesce(g.out_qty, 0) as out_qty, coalesce(g.closing, pr.closing, 0) as closing
      from k left join g on g.warehouse_id = k.warehouse_id and g.material_id = k.material_id
      left join prior pr on pr.warehouse_id = k.warehouse_id and pr.material_id = k.material_id
    )
    select c.n as "sliceRows", r.* from (select count(*)::int as n from u) c left join (
      select ${periodLabel(sql`${p.start}::date`, unit)} as period, y.warehouse_id as "warehouseId", y.material_id as "materialId", w.name as "warehouseName", ${materialSelect},
        y.opening, y.in_qty as "inQty", y.out_qty as "outQty", y.closing, ${balancedSql(sql`y.opening`, sql`y.in_qty`, sql`y.out_qty`, sql`y.closing`)} as balanced
      from y join warehouses w on w.id = y.warehouse_id ${materialJoin(sql`y.material_id`)}
    ) r on true
    order by r."warehouseId", r."materialId"`);
  // One row at least, holding the count; past the slice's end its figures are empty.
  return {
    rows: rows.filter((r) => r.warehouseId != null).map(({ sliceRows: _, ...r }) => r),
    total: Number(rows[0]?.sliceRows ?? 0),
  };
}

/**
 * A page in period order: the summary says which periods hold the page's rows; only those are
 * read. The first page newest first is read beside the summary, from the latest period (the
 * summary then says whether it holds enough rows or the page goes on into earlier ones).
 */
async function pageByPeriod(ctx: AnalyticsCtx, f: AnalyticsFilters, unit: Unit, paging: ReportPaging, newestFirst: boolean) {
  const { from, to } = setup(ctx, f, unit);
  const latest = newestFirst && paging.offset === 0
    ? periodRows(ctx, f, unit, { start: maxDay(periodStartOf(unit, to), from), end: to }, 0, paging.limit)
    : null;
  latest?.catch(() => undefined); // awaited below, or not needed when the summary fails first
  const summary = await summaryOf(ctx, f, unit);
  const total = summary.reduce((sum, p) => sum + p.rows, 0);
  const rows: Row[] = [];
  let skip = paging.offset;
  for (const [i, p] of (newestFirst ? [...summary].reverse() : summary).entries()) {
    if (rows.length >= paging.limit) break;
    if (skip >= p.rows) { skip -= p.rows; continue; }
    rows.push(...await (i === 0 && latest ? latest : periodRows(ctx, f, unit, p, skip, paging.limit - rows.length)));
    skip = 0;
  }
  return { rows, total };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
function balance(page: keyof typeof BALANCE_UNITS): ReportQuery {
  const unit = BALANCE_UNITS[page];
  const def = defOf(page);
  const full = sqlReport({
    def,
    keys: [{ name: 'warehouseId', expr: sql`y.warehouse_id` }, { name: 'materialId', expr: sql`y.material_id` }, { name: 'period', expr: sql`y.period` }],
    rows: grid(unit),
  });
  return {
    ...full,
    page(ctx, f, paging) {
      const orderBy = paging.orderBy?.length ? paging.orderBy : def.defaultOrder ? [def.defaultOrder] : [];
      // Sorted by a figure, the page needs every row of the grid; in period order, only its own.
      if (orderBy.length !== 1 || orderBy[0].field !== 'period') return full.page(ctx, f, paging);
      return pageByPeriod(ctx, f, unit, paging, orderBy[0].order === 'desc');
    },
    async chart(ctx, f) {
      return (await summaryOf(ctx, f, unit)).filter((p) => p.rows > 0)
        .map((p) => ({ period: p.period, inQty: p.inQty, outQty: p.outQty, closing: p.closing }));
    },
  };
}

export const BALANCE_QUERIES: ReportQuery[] = [balance('dayBalance'), balance('weekBalance'), balance('monthBalance')];
