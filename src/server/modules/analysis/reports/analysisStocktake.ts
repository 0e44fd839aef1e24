import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { ANALYSIS_REPORTS } from '../../../../shared/analytics/reports/analysis';
import { ORDER_STATUS } from '../../../../shared/orders/orderTypes';
import type { AnalyticsCtx } from '../registry';
import { addDays, analysisReport, dayRange, dealerColumns, keywordLike, localDay, localTime, periodLabel, placeWhere, startOfDay } from './analysisSql';
import { must } from '../../../../shared/must';

/**
 * Completed stocktakes (IV) in the range with what was counted (their scans) and the
 * differences completing them found: the scans of the loss/overflow order made from each
 * (docs/stock-model.md). The book at the count is what was matched plus what was lost.
 */
function stocktakes(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL {
  const { from, to } = dayRange(ctx, f);
  return sql`with iv as (
      select o.id, o.order_no, o.dealer_id, o.warehouse_id, o.completed_at from orders o
      where o.order_type = 'IV' and o.status = ${ORDER_STATUS.completed}
        and o.completed_at >= ${startOfDay(from).toISOString()}::timestamptz and o.completed_at < ${startOfDay(addDays(to, 1)).toISOString()}::timestamptz
        and ${placeWhere(ctx, f, sql`o.dealer_id`, sql`o.warehouse_id`)} and ${f.keyword ? sql`o.order_no ilike ${keywordLike(f.keyword)}` : sql`true`}),
    counted as (select sc.order_id, count(*)::int as n from order_scans sc where sc.order_id in (select id from iv) group by 1),
    diff as (
      select a.stocktake_id, count(*) filter (where sc.adjust_kind = 'loss')::int as loss, count(*) filter (where sc.adjust_kind = 'overflow')::int as overflow
      from orders a join order_scans sc on sc.order_id = a.id where a.order_type = 'DO' and a.stocktake_id in (select id from iv) group by 1)
    select iv.*, coalesce(counted.n, 0) as counted, coalesce(diff.loss, 0) as loss, coalesce(diff.overflow, 0) as overflow
    from iv left join counted on counted.order_id = iv.id left join diff on diff.stocktake_id = iv.id`;
}
/** Accuracy (%) = matched ÷ every tyre looked at = (counted − overflow) ÷ (book + overflow). */
const accuracy = (counted: SQL, loss: SQL, overflow: SQL) =>
  sql`case when ${counted} + ${loss} > 0 then round(100.0 * (${counted} - ${overflow}) / (${counted} + ${loss}), 2)::float8 end`;

const inventoryListStatistics = analysisReport({
  def: must(ANALYSIS_REPORTS.find((d) => d.page === 'inventoryListStatistics'), 'report inventoryListStatistics'),
  key: ['id'],
  rows: (ctx, f) => sql`select ${periodLabel(localDay(sql`t.completed_at`), f.dimension)} as period, t.order_no as "orderNo", ${dealerColumns(ctx.lang)},
      w.name as "warehouseName", to_char(${localTime(sql`t.completed_at`)}, 'YYYY-MM-DD HH24:MI:SS') as "completedAt",
      t.counted, t.counted - t.overflow + t.loss as book, t.loss, t.overflow, ${accuracy(sql`t.counted`, sql`t.loss`, sql`t.overflow`)} as accuracy, t.id
    from (${stocktakes(ctx, f)}) t join warehouses w on w.id = t.warehouse_id left join dealers d on d.id = t.dealer_id`,
  chart: (ctx, f) => sql`select ${periodLabel(localDay(sql`t.completed_at`), f.dimension)} as period, sum(t.counted)::int as counted,
      sum(t.loss)::int as loss, sum(t.overflow)::int as overflow, ${accuracy(sql`sum(t.counted)`, sql`sum(t.loss)`, sql`sum(t.overflow)`)} as accuracy
    from (${stocktakes(ctx, f)}) t group by 1 order by 1`,
});

export const STOCKTAKE_REPORTS = [inventoryListStatistics];
