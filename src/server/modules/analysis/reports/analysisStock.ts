import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { ANALYSIS_REPORTS, DOS_WINDOW_DAYS } from '../../../../shared/analytics/reports/analysis';
import { everyPlace, type AnalyticsCtx } from '../registry';
import {
  addDays, analysisReport, asOfDay, ratio2, readsTrailing, balanceAt, dayRange, stockFrom, dealerColumns, joinMaterial, MATERIAL_COLUMNS, materialIn, materialWhere, periodLabel, placeWhere, stockWhere, when,
} from './analysisSql';
import { must } from '../../../../shared/must';
import { trailingEnd, trailingToday } from '../../stock/trailingWindow';
import { reportPerCall } from './perCall';

const defOf = (page: string) => must(ANALYSIS_REPORTS.find((d) => d.page === page), `report ${page}`);

const trailingOf = (ctx: AnalyticsCtx, f: AnalyticsFilters) => trailingToday(asOfDay(ctx, f), materialIn(f, sql`s.material_id`));

/** Dealer and material names of the keyed rows `some` ("dealerId", "materialId"): a page's only, when sorted by figures. */
const dealerMaterialNamed = (ctx: AnalyticsCtx, _f: AnalyticsFilters, some: SQL) => sql`
  select p.*, ${dealerColumns(ctx.lang)}, ${MATERIAL_COLUMNS}
  from (${some}) p ${joinMaterial(sql`p."materialId"`)} left join dealers d on d.id = p."dealerId"`;

/**
 * DOS per dealer and material (docs/product.md#glossary, domain `daysOfStock`): on hand at the end
 * of the as-of day over the outbound of the trailing window ending that day. Outbound is
 * channel outbound (domain `channelFlow`, roll-up `ship_qty`), not transfers or corrections.
 */
function dosKeys(ctx: AnalyticsCtx, f: AnalyticsFilters, trailing: boolean): SQL {
  if (trailing) return sql`select t.dealer_id, t.material_id, t.on_hand::int as on_hand, t.ship::int as outbound from (${trailingOf(ctx, f)}) t`;
  const day = asOfDay(ctx, f);
  return sql`with bal as (${balanceAt(ctx, f, day)}),
    outw as (
      select s.warehouse_id, s.material_id, sum(s.ship_qty)::int as q from ${stockFrom(ctx, f, 'stock_daily')}
      where s.day between ${addDays(day, 1 - DOS_WINDOW_DAYS)} and ${day} and ${stockWhere(ctx, f)} group by 1, 2)
    select coalesce(w.dealer_id, 0) as dealer_id, material_id, sum(coalesce(bal.qty, 0))::int as on_hand, sum(coalesce(outw.q, 0))::int as outbound
    from bal full join outw using (warehouse_id, material_id) join warehouses w on w.id = warehouse_id
    group by 1, 2`;
}
const WINDOW = sql.raw(String(DOS_WINDOW_DAYS));
const dos = (onHand: SQL, outbound: SQL) => sql`case when ${outbound} > 0 then ${ratio2(sql`${onHand} * ${WINDOW}`, outbound)} end`;

const numberOfDay = reportPerCall(defOf('numberOfDay'), async (ctx, f) => {
  const trailing = await readsTrailing(ctx, f, trailingEnd, false);
  const keyed = (c: AnalyticsCtx, g: AnalyticsFilters) => sql`select k.dealer_id as "dealerId", k.material_id as "materialId",
      k.on_hand as "onHand", k.outbound, ${ratio2(sql`k.outbound`, WINDOW)} as "averageDailyOutbound",
      ${dos(sql`k.on_hand`, sql`k.outbound`)} as "daysOfStock"
    from (${dosKeys(c, g, trailing)}) k where (k.on_hand <> 0 or k.outbound > 0)`;
  return analysisReport({
    def: defOf('numberOfDay'),
    key: ['dealerId', 'materialId'],
    rows: (c, g) => dealerMaterialNamed(c, g, keyed(c, g)),
    staged: { keyed, figures: ['onHand', 'outbound', 'averageDailyOutbound', 'daysOfStock'], named: dealerMaterialNamed },
    chart: (c, g) => sql`select b.name as "brandName", sum(k.on_hand)::int as "onHand", sum(k.outbound)::int as outbound,
        ${dos(sql`sum(k.on_hand)`, sql`sum(k.outbound)`)} as "daysOfStock"
      from (${dosKeys(c, g, trailing)}) k ${joinMaterial(sql`k.material_id`)}
      group by b.id, b.name having sum(k.on_hand) <> 0 or sum(k.outbound) > 0 order by 4 desc nulls last, 1 limit 20`,
  });
});

/**
 * Turnover per dealer and material (domain `turnoverRate`): outbound in the range (channel
 * outbound, domain `channelFlow`: roll-up `ship_qty`) over the average closing stock of its
 * days, which moves with every move (in_qty − out_qty). The roll-up is sparse, so a day's
 * closing is the balance before the range plus the net movements up to that day; summed over
 * the days that is days × balance-before + Σ net × (days from the movement to the range's end),
 * read from the roll-up rows of the range and the on-hand table only, or for the trailing window
 * from its rows (`weighted` is that Σ). `stock_days` is the closings' sum over the days, the
 * average stock times the days.
 */
function turnoverKeys(ctx: AnalyticsCtx, f: AnalyticsFilters, trailing: boolean): SQL {
  const { from, to, days } = dayRange(ctx, f);
  const n = Math.max(days, 1);
  if (trailing) {
    return sql`select t.dealer_id, t.material_id, t.ship::int as outbound, ((t.on_hand - t.net) * ${n} + t.weighted)::bigint as stock_days
      from (${trailingOf(ctx, f)}) t`;
  }
  return sql`with oh as (
      select s.warehouse_id, s.material_id, s.qty::int as q from ${stockFrom(ctx, f, 'stock_warehouse_material_on_hand')}
      where s.qty <> 0 and ${stockWhere(ctx, f)}),
    dl as (
      select s.warehouse_id, s.material_id, sum(s.in_qty - s.out_qty)::int as since,
        coalesce(sum(s.ship_qty) filter (where s.day <= ${to}), 0)::int as outbound,
        coalesce(sum((s.in_qty - s.out_qty) * (${to}::date - s.day + 1)) filter (where s.day <= ${to}), 0)::bigint as weighted
      from ${stockFrom(ctx, f, 'stock_daily')}
      where s.day >= ${from} and ${stockWhere(ctx, f)} group by 1, 2)
    select coalesce(w.dealer_id, 0) as dealer_id, material_id, sum(coalesce(dl.outbound, 0))::int as outbound,
      sum((coalesce(oh.q, 0) - coalesce(dl.since, 0))::bigint * ${n} + coalesce(dl.weighted, 0))::bigint as stock_days
    from oh full join dl using (warehouse_id, material_id) join warehouses w on w.id = warehouse_id
    group by 1, 2`;
}

const turnoverRate = reportPerCall(defOf('turnoverRate'), async (ctx, f) => {
  const trailing = await readsTrailing(ctx, f, trailingEnd, true);
  const keyed = (c: AnalyticsCtx, g: AnalyticsFilters) => {
    const { days } = dayRange(c, g);
    const n = sql.raw(String(Math.max(days, 1)));
    return sql`select k.dealer_id as "dealerId", k.material_id as "materialId",
      k.outbound, ${ratio2(sql`k.stock_days`, n)} as "averageStock",
      case when k.stock_days > 0 then ${ratio2(sql`k.outbound * ${n}`, sql`k.stock_days`)} end as "turnoverRate"
    from (${turnoverKeys(c, g, trailing)}) k
    where ${when(days > 0)} and (k.outbound > 0 or k.stock_days <> 0)`;
  };
  return analysisReport({
    def: defOf('turnoverRate'),
    key: ['dealerId', 'materialId'],
    rows: (c, g) => dealerMaterialNamed(c, g, keyed(c, g)),
    staged: { keyed, figures: ['outbound', 'averageStock', 'turnoverRate'], named: dealerMaterialNamed },
    chart: (c, g) => {
      const { from, to } = dayRange(c, g);
      return sql`with dl as (
          select s.day, sum(s.in_qty - s.out_qty)::int as net, sum(s.ship_qty)::int as outq
          from ${stockFrom(c, g, 'stock_daily')}
          where s.day >= ${from} and ${stockWhere(c, g)} group by 1),
        start as (
          select coalesce((select sum(s.qty) from ${stockFrom(c, g, 'stock_warehouse_material_on_hand')} where ${stockWhere(c, g)}), 0)
            - coalesce((select sum(net) from dl), 0) as balance),
        series as (
          select g.day, coalesce(dl.outq, 0) as outq, (select balance from start) + sum(coalesce(dl.net, 0)) over (order by g.day) as balance
          from (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d) g left join dl on dl.day = g.day)
        select ${periodLabel(sql`day`, g.dimension)} as period, sum(outq)::int as outbound, round(avg(balance), 2)::float8 as "averageStock",
          case when avg(balance) > 0 then round(sum(outq) / avg(balance), 2)::float8 end as "turnoverRate"
        from series group by 1 order by 1`;
    },
  });
});

/** Stock per warehouse and material as of the range's end; value = quantity × material price. */
const inventoryKeyed = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
  select k.warehouse_id as "warehouseId", k.material_id as "materialId", k.qty as quantity, m.price::float8 as price,
    round(k.qty * m.price, 2)::float8 as value
  from (${balanceAt(ctx, f, asOfDay(ctx, f))}) k join materials m on m.id = k.material_id
  where k.qty <> 0`;
const inventoryNamed = (ctx: AnalyticsCtx, _f: AnalyticsFilters, some: SQL) => sql`
  select p.*, ${dealerColumns(ctx.lang)}, w.code as "warehouseCode", w.name as "warehouseName", ${MATERIAL_COLUMNS}
  from (${some}) p join warehouses w on w.id = p."warehouseId" left join dealers d on d.id = w.dealer_id ${joinMaterial(sql`p."materialId"`)}`;
const inventoryReport = analysisReport({
  def: defOf('inventoryReport'),
  key: ['warehouseId', 'materialId'],
  rows: (ctx, f) => inventoryNamed(ctx, f, inventoryKeyed(ctx, f)),
  staged: { keyed: inventoryKeyed, figures: ['quantity', 'price', 'value'], named: inventoryNamed },
  chart: (ctx, f) => sql`select b.name as "brandName", sum(k.qty)::int as quantity, round(sum(k.qty * m.price), 2)::float8 as value
    from (${balanceAt(ctx, f, asOfDay(ctx, f))}) k ${joinMaterial(sql`k.material_id`)}
    group by b.id, b.name having sum(k.qty) <> 0 order by 3 desc, 1`,
});

/**
 * Barcodes per material by status. A pending tyre has no warehouse yet, so it is scoped by
 * its dealer alone; the others by dealer and warehouse. Written as two conditions joined by OR
 * (not a CASE), so a dealer's barcodes are found on barcodes_dealer_idx rather than by reading
 * every barcode.
 */
function barcodeWhere(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL {
  return sql`((c.status = 'pending' and ${placeWhere(ctx, f, sql`c.dealer_id`)})
    or (c.status <> 'pending' and ${placeWhere(ctx, f, sql`c.dealer_id`, sql`c.warehouse_id`)}))`;
}
/**
 * Barcodes per material and status (c.material_id, c.status, c.qty) within scope and filters: for
 * a caller who sees every place, the channel's counter (stock_material_barcodes, a few rows per
 * material, where the barcodes are every tyre ever registered: 9.9 million at ten million tyres);
 * else a row per barcode.
 */
const barcodeCounts = (ctx: AnalyticsCtx, f: AnalyticsFilters) => (everyPlace(ctx, f)
  ? sql`select c.material_id, c.status, c.qty::int as qty from stock_material_barcodes c where c.qty <> 0`
  : sql`select c.material_id, c.status, 1 as qty from barcodes c where ${barcodeWhere(ctx, f)}`);
const countTheInventory = analysisReport({
  def: defOf('countTheInventory'),
  key: ['materialId'],
  rows: (ctx, f) => sql`select ${MATERIAL_COLUMNS}, coalesce(sum(c.qty) filter (where c.status = 'in'), 0)::int as "inStock",
      coalesce(sum(c.qty) filter (where c.status = 'pending'), 0)::int as pending, coalesce(sum(c.qty) filter (where c.status = 'out'), 0)::int as out,
      sum(c.qty)::int as total, m.id as "materialId"
    from (${barcodeCounts(ctx, f)}) c ${joinMaterial(sql`c.material_id`)}
    where ${materialWhere(f)} group by m.id, b.id`,
  chart: (ctx, f) => sql`select b.name as "brandName", coalesce(sum(c.qty) filter (where c.status = 'in'), 0)::int as "inStock",
      coalesce(sum(c.qty) filter (where c.status = 'pending'), 0)::int as pending
    from (${barcodeCounts(ctx, f)}) c ${joinMaterial(sql`c.material_id`)}
    where ${materialWhere(f)} and c.status <> 'out' group by b.id, b.name order by 2 desc, 1`,
});

export const STOCK_REPORTS = [numberOfDay, turnoverRate, inventoryReport, countTheInventory];
