import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { MOVEMENT_REPORTS } from '../../../../shared/analytics/reports/movements';
import { scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { localDay, localTime, materialFilters, orderTypeName, periodLabel, placeFilters, typeList, typesOf, withinDays } from './reportSql';
import { sqlReport } from './sqlReport';

const defOf = (page: string): ReportDef => MOVEMENT_REPORTS.find((d) => d.page === page)!;
const materialSelect = sql`mat.code as "materialCode", mat.name as "materialName", br.name as "brandName", mat.specification, mat.pattern`;
const materialJoin = (on: SQL) => sql`join materials mat on mat.id = ${on} join brands br on br.id = mat.brand_id`;
/**
 * Left joins, the same rows (every move and scan has its material and brand): a count that
 * reads none of their columns skips them. Not for the move pairs, whose plan then goes wrong.
 */
const materialLeftJoin = (on: SQL) => sql`left join materials mat on mat.id = ${on} left join brands br on br.id = mat.brand_id`;

/**
 * Ledger moves of some order types, one row per move, with everything the detail columns show.
 * The table keeps each move's signed qty; the chart draws quantities the way the report counts
 * them: `chartSign` −1 turns outbound moves (−1 each) into positive bars.
 */
function moveDetail(page: string, types: SQL, chartSign: 1 | -1 = 1): ReportQuery {
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    m.order_type in (${types}) and ${withinDays(sql`m.moved_at`, f, ctx.now)}
    and ${scopeSql(ctx.scope, sql`m.dealer_id`, sql`m.warehouse_id`)} and ${placeFilters(f, sql`m.dealer_id`, sql`m.warehouse_id`)}
    and ${materialFilters(f, sql`mat`, [sql`m.barcode`, sql`o.order_no`])}`;
  const from = sql`stock_moves m left join orders o on o.id = m.order_id ${materialLeftJoin(sql`m.material_id`)}`;
  return sqlReport({
    def: defOf(page),
    keys: [{ name: 'id', expr: sql`m.id` }],
    sortExprs: { movedAt: sql`m.moved_at`, id: sql`m.id` },
    rows: (ctx, f, after) => sql`
      select m.id, ${localTime(sql`m.moved_at`)} as "movedAt", o.order_no as "orderNo", ${orderTypeName(sql`m.order_type`, ctx.lang)} as "orderType",
        d.name as "dealerName", w.name as "warehouseName", l.code as "locationCode", m.barcode, ${materialSelect}, m.dot_code as "dotCode", m.qty,
        u.nick_name as "userName"
      from ${from}
      join warehouses w on w.id = m.warehouse_id left join dealers d on d.id = m.dealer_id
      left join storage_locations l on l.id = m.location_id left join users u on u.id = m.user_id
      where ${where(ctx, f)} and ${after}`,
    chart: (ctx, f) => sql`
      select ${periodLabel(localDay(sql`m.moved_at`), f.dimension)} as period, (${sql.raw(String(chartSign))} * sum(m.qty))::int as qty
      from ${from} where ${where(ctx, f)} group by 1 order by 1`,
  });
}

/** A transfer concerns whoever holds either end; a relocation stays in one warehouse, so its out side decides (and an index can). */
const eitherSide = (out: SQL, into: SQL) => sql`(${out} or ${into})`;

/**
 * Pairs of one order's moves of one barcode: out of one place (−1) and into another (+1).
 * `same` narrows to pairs within one warehouse (relocations), else to transfers; pairs
 * cancelled by a correcting move are left out.
 */
function movePairs(page: string, kind: 'transfer' | 'relocation'): ReportQuery {
  const pair = kind === 'transfer'
    ? sql`m.order_type = 'TR'`
    : sql`t.warehouse_id = m.warehouse_id and coalesce(t.location_id, 0) <> coalesce(m.location_id, 0)`;
  const from = sql`
    stock_moves m join stock_moves t on t.order_id = m.order_id and t.barcode = m.barcode and t.qty = 1 and t.reverses_id is null
    join orders o on o.id = m.order_id ${materialJoin(sql`m.material_id`)}`;
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    m.qty = -1 and m.reverses_id is null and ${pair} and ${withinDays(sql`m.moved_at`, f, ctx.now)}
    and not exists (select 1 from stock_moves r where r.barcode = m.barcode and r.reverses_id in (m.id, t.id))
    and ${kind === 'transfer' ? eitherSide(sql`(${scopeSql(ctx.scope, sql`m.dealer_id`, sql`m.warehouse_id`)})`, sql`(${scopeSql(ctx.scope, sql`t.dealer_id`, sql`t.warehouse_id`)})`) : scopeSql(ctx.scope, sql`m.dealer_id`, sql`m.warehouse_id`)}
    and ${kind === 'transfer' ? eitherSide(placeFilters(f, sql`m.dealer_id`, sql`m.warehouse_id`), placeFilters(f, sql`t.dealer_id`, sql`t.warehouse_id`)) : placeFilters(f, sql`m.dealer_id`, sql`m.warehouse_id`)}
    and ${materialFilters(f, sql`mat`, [sql`m.barcode`, sql`o.order_no`])}`;
  return sqlReport({
    def: defOf(page),
    keys: [{ name: 'id', expr: sql`m.id` }],
    rows: (ctx, f, after) => sql`
      select m.id, ${localTime(sql`m.moved_at`)} as "movedAt", o.order_no as "orderNo", ${orderTypeName(sql`m.order_type`, ctx.lang)} as "orderType",
        m.barcode, ${materialSelect}, fw.name as "fromWarehouse", fl.code as "fromLocation", tw.name as "toWarehouse", tl.code as "toLocation",
        fw.name as "warehouseName", 1 as qty, u.nick_name as "userName"
      from ${from}
      join warehouses fw on fw.id = m.warehouse_id join warehouses tw on tw.id = t.warehouse_id
      left join storage_locations fl on fl.id = m.location_id left join storage_locations tl on tl.id = t.location_id
      left join users u on u.id = m.user_id
      where ${where(ctx, f)} and ${after}`,
    chart: (ctx, f) => sql`
      select ${periodLabel(localDay(sql`m.moved_at`), f.dimension)} as period, count(*)::int as qty
      from ${from} where ${where(ctx, f)} group by 1 order by 1`,
  });
}

/** Scans on orders (open ones too): who scanned which tyre onto which order, from where. */
function scanDetail(): ReportQuery {
  const from = sql`order_scans s left join orders o on o.id = s.order_id ${materialLeftJoin(sql`s.material_id`)}`;
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    ${withinDays(sql`s.scanned_at`, f, ctx.now)} and ${scopeSql(ctx.scope, sql`o.dealer_id`, sql`o.warehouse_id`)}
    and ${placeFilters(f, sql`o.dealer_id`, sql`o.warehouse_id`)} and ${materialFilters(f, sql`mat`, [sql`s.barcode`, sql`o.order_no`])}`;
  return sqlReport({
    def: defOf('scanDetail'),
    keys: [{ name: 'id', expr: sql`s.id` }],
    sortExprs: { scannedAt: sql`s.scanned_at`, id: sql`s.id` },
    rows: (ctx, f, after) => sql`
      select s.id, ${localTime(sql`s.scanned_at`)} as "scannedAt", o.order_no as "orderNo", ${orderTypeName(sql`o.order_type`, ctx.lang)} as "orderType",
        d.name as "dealerName", w.name as "warehouseName", l.code as "locationCode", s.barcode, ${materialSelect}, u.nick_name as "userName", s.source
      from ${from}
      join warehouses w on w.id = o.warehouse_id left join dealers d on d.id = o.dealer_id
      left join storage_locations l on l.id = s.location_id left join users u on u.id = s.user_id
      where ${where(ctx, f)} and ${after}`,
    chart: (ctx, f) => sql`
      select ${periodLabel(localDay(sql`s.scanned_at`), f.dimension)} as period, count(*)::int as qty
      from ${from} where ${where(ctx, f)} group by 1 order by 1`,
  });
}

/** reportQuery › report: the movement reports' queries. */
export const MOVEMENT_QUERIES: ReportQuery[] = [
  scanDetail(),
  moveDetail('outDetail', typesOf('ship'), -1),
  moveDetail('enterDetail', typesOf('receive')),
  moveDetail('quitDetail', typeList('LR', 'LC', 'CI', 'WI', 'LB')),
  movePairs('transferDetails', 'transfer'),
  movePairs('invertedStorehouse', 'relocation'),
];
