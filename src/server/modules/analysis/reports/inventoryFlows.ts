import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { INVENTORY_REPORTS } from '../../../../shared/analytics/reports/inventory';
import { must } from '../../../../shared/must';
import { EXTRAS_WITH } from '../../stock/channelRollup';
import { daysNotRolled, outsideRuns, unionRuns, type DayRuns } from '../queries/rolledDays';
import { everyPlace, scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { reportPerCall } from './perCall';
import { betweenDays, dayRange, materialFilters, materialJoin, materialSelect, onHandWhere, placeFilters, typeList, typesOf, withinDays } from './reportSql';
import { sqlReport } from './sqlReport';

/**
 * reportQuery › storageInventory › tyre report and customer tyre report: flows per material (and
 * customer) over a range of days. The whole channel (`everyPlace`) reads the channel's closed-day
 * roll-ups (docs/stock-model.md) for the days they hold and the ledger for the rest; a narrower
 * caller reads its own moves of the range.
 */
const defOf = (page: string): ReportDef => must(INVENTORY_REPORTS.find((d) => d.page === page), `report ${page}`);
const moveWhere = (ctx: AnalyticsCtx, f: AnalyticsFilters) =>
  sql`${withinDays(sql`m.moved_at`, f, ctx.now)} and ${scopeSql(ctx.scope, sql`m.dealer_id`, sql`m.warehouse_id`)} and ${placeFilters(f, sql`m.dealer_id`, sql`m.warehouse_id`)}`;
/** The range's days not rolled with the roll-up `extras` names, for the whole channel; null for a narrower caller. */
const wholeChannelRuns = async (ctx: AnalyticsCtx, f: AnalyticsFilters, extras: number) => {
  if (!everyPlace(ctx, f)) return null;
  const { from, to } = dayRange(f, ctx.now);
  return daysNotRolled(ctx, from, to, extras);
};
/** The ledger's statement (`ledger`, over moves `m`) of each run. */
const ledgerRuns = (runs: DayRuns, ledger: (where: SQL) => SQL) => unionRuns(runs, ([a, b]) => ledger(betweenDays(sql`m.moved_at`, a, b)));

/** The order types a tyre's received and sold count: receive-effect orders, and sales (WL, WC). */
const RECEIVED = typesOf('receive');
const SOLD = typeList('WL', 'WC');

/**
 * Received and sold per material in the range. The whole channel (`notRolled` given) reads the
 * rolled days' net moves per material and order type (stock_channel_material_days: a few thousand
 * rows a day) and the ledger only for the days not rolled, `notRolled`; a narrower caller reads its
 * own moves of the range.
 */
function tyreFlows(ctx: AnalyticsCtx, f: AnalyticsFilters, notRolled: DayRuns | null): SQL {
  const ledger = (where: SQL) => sql`select m.material_id, m.order_type, m.qty from stock_moves m where m.order_type in (${RECEIVED}, ${SOLD}) and ${where}`;
  const { from, to } = dayRange(f, ctx.now);
  const moves = notRolled
    ? sql`select d.material_id, d.order_type, d.qty from stock_channel_material_days d
        where d.order_type in (${RECEIVED}, ${SOLD}) and d.day between ${from}::date and ${to}::date and ${outsideRuns(sql`d.day`, notRolled)}
        ${ledgerRuns(notRolled, ledger)}`
    : ledger(moveWhere(ctx, f));
  return sql`select x.material_id,
      sum(case when x.order_type in (${RECEIVED}) then x.qty else 0 end)::int as received,
      (-sum(case when x.order_type in (${SOLD}) then x.qty else 0 end))::int as sold
    from (${moves}) x group by 1`;
}

/**
 * Materials with stock now or movement in the range: on hand, received and sold. On hand is the
 * channel's counter per material (stock_material_on_hand) for the whole channel, else the caller's
 * on-hand rows.
 */
export function tyres(): ReportQuery {
  const def = defOf('tireReport');
  return reportPerCall(def, async (ctx, f) => {
    const notRolled = await wholeChannelRuns(ctx, f, EXTRAS_WITH.materialDays);
    const onHand = notRolled
      ? sql`select h.material_id, sum(h.qty)::int as q from stock_material_on_hand h group by 1 having sum(h.qty) <> 0`
      : sql`select h.material_id, sum(h.qty)::int as q from stock_on_hand h where ${onHandWhere(ctx, f)} group by 1`;
    const rows = (c: AnalyticsCtx, g: AnalyticsFilters, after: SQL) => sql`
      select mat.id as "materialId", ${materialSelect}, coalesce(h.q, 0) as "onHand", coalesce(mv.received, 0) as received, coalesce(mv.sold, 0) as sold
      from materials mat join brands br on br.id = mat.brand_id
      left join (${onHand}) h on h.material_id = mat.id
      left join (${tyreFlows(c, g, notRolled)}) mv on mv.material_id = mat.id
      where (h.q is not null or mv.material_id is not null) and ${materialFilters(g, sql`mat`)} and ${after}`;
    return sqlReport({
      def, keys: [{ name: 'materialId', expr: sql`mat.id` }], rows,
      chart: (c, g) => sql`select "materialCode", sold, received from (${rows(c, g, sql`true`)}) q where sold > 0 or received > 0 order by sold desc, received desc, "materialCode" limit 10`,
    });
  });
}

/**
 * Sales per customer (the order's counterparty, '' none) and material in the range: the whole
 * channel's (`notRolled` given) from the rolled days' rows (stock_channel_customer_days) and the
 * ledger of the days not rolled, each with its orders completed then; an order completed before
 * the range whose correction falls in it counts too (every move of an order but its corrections
 * is posted at its completion, so no order counts twice). Otherwise the caller's own moves.
 */
function customerSales(ctx: AnalyticsCtx, f: AnalyticsFilters, notRolled: DayRuns | null): SQL {
  if (!notRolled) {
    return sql`select coalesce(o.counterparty, '') as customer, m.material_id, m.qty, m.order_id
      from stock_moves m join orders o on o.id = m.order_id where m.order_type in (${SOLD}) and ${moveWhere(ctx, f)}`;
  }
  const { from, to } = dayRange(f, ctx.now);
  const ledger = (where: SQL) => sql`
    select coalesce(o.counterparty, ''), m.material_id, sum(m.qty), count(distinct m.order_id) filter (where m.reverses_id is null)
    from stock_moves m join orders o on o.id = m.order_id where m.order_type in (${SOLD}) and ${where} group by 1, 2`;
  return sql`
    select d.customer, d.material_id, d.qty, d.orders from stock_channel_customer_days d
    where d.day between ${from}::date and ${to}::date and ${outsideRuns(sql`d.day`, notRolled)}
    ${ledgerRuns(notRolled, ledger)}
    union all
    select coalesce(o.counterparty, ''), r.material_id, 0, count(distinct r.order_id)
    from stock_moves r join stock_moves m on m.id = r.reverses_id join orders o on o.id = r.order_id
    where r.reverses_id is not null and r.order_type in (${SOLD}) and ${withinDays(sql`r.moved_at`, f, ctx.now)}
      and not (${withinDays(sql`m.moved_at`, f, ctx.now)})
    group by 1, 2`;
}

/** Sales and consigned shipments by customer (the order's counterparty) and material. */
export function customers(): ReportQuery {
  const def = defOf('customerTireReport');
  return reportPerCall(def, async (ctx, f) => {
    const notRolled = await wholeChannelRuns(ctx, f, EXTRAS_WITH.customerDays);
    // Summed per customer and material id, the names joined after (grouped by the names too, the
    // aggregate of a month's sales spilled to disk at ten million tyres).
    const orders = notRolled ? sql`sum(x.orders)` : sql`count(distinct x.order_id)`;
    const rows = (c: AnalyticsCtx, g: AnalyticsFilters, after: SQL) => sql`
      select k.customer, k.material_id as "materialId", ${materialSelect}, k.qty, k.orders
      from (
        select x.customer, x.material_id, (-sum(x.qty))::int as qty, ${orders}::int as orders
        from (${customerSales(c, g, notRolled)}) ${notRolled ? sql`x(customer, material_id, qty, orders)` : sql`x`} ${materialJoin(sql`x.material_id`)}
        where ${materialFilters(g, sql`mat`, [sql`x.customer`])} and ${after}
        group by 1, 2 having sum(x.qty) <> 0
      ) k ${materialJoin(sql`k.material_id`)}`;
    return sqlReport({
      def,
      keys: [{ name: 'customer', expr: sql`x.customer` }, { name: 'materialId', expr: sql`x.material_id` }],
      rows,
      chart: (c, g) => sql`select customer, sum(qty)::int as qty from (${rows(c, g, sql`true`)}) q group by 1 order by 2 desc, 1 limit 10`,
    });
  });
}
