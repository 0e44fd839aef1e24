import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { MOVEMENT_REPORTS } from '../../../../shared/analytics/reports/movements';
import { scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { localDay, localTime, materialFilters, materialJoin, materialLeftJoin, materialSelect, orderTypeName, periodLabel, placeFilters, typeList, typesOf, withinDays } from './reportSql';
import { sqlReport } from './sqlReport';
import { must } from '../../../../shared/must';

const defOf = (page: string): ReportDef => must(MOVEMENT_REPORTS.find((d) => d.page === page), `report ${page}`);
/**
 * Left joins, the same rows (every move and scan has its material and brand): a count that
 * reads none of their columns skips them. Not for the move pairs, whose plan then goes wrong.
 */
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
    notNullSorts: ['movedAt', 'id'],
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

/**
 * A name looked up by primary key for each row. Pair queries are estimated at a row or two
 * (the planner cannot see that an order moves a tyre once each way), and joined as tables the
 * names came from nested sequential scans; a key lookup costs the same whatever the estimate.
 */
const nameOf = (table: 'warehouses' | 'storage_locations' | 'users', column: string, id: SQL) =>
  sql`(select x.${sql.raw(column)} from ${sql.raw(table)} x where x.id = ${id})`;

/** A transfer concerns whoever holds either end; a relocation stays in one warehouse, so its out side decides (and an index can). */
const eitherSide = (out: SQL, into: SQL) => sql`(${out} or ${into})`;

/**
 * Pairs of one order's moves of one barcode: out of one place (−1) and into another (+1).
 * `same` narrows to pairs within one warehouse (relocations), else to transfers; pairs
 * cancelled by a correcting move are left out.
 */
function movePairs(page: string, kind: 'transfer' | 'relocation'): ReportQuery {
  // A transfer needs another warehouse (orderWrites refuses the same one), so a tyre moves
  // between two places of one warehouse only when an overflow finds it where the books did not.
  const pair = sql`m.order_type in (${kind === 'transfer' ? typesOf('transfer') : typesOf('adjust')})`;
  const into = kind === 'transfer' ? sql`` : sql`and t.warehouse_id = m.warehouse_id and coalesce(t.location_id, 0) <> coalesce(m.location_id, 0)`;
  /**
   * The out sides to look at. For a caller narrowed to some dealers, a transfer is theirs at either
   * end, so the window's transfers of the whole channel were read and the scope applied after (it
   * grew with the channel, not the dealer): their own out sides, and the out sides paired with their
   * own in sides (a transfer posts both at one moment), are found through the dealer index first.
   */
  const outSides = (ctx: AnalyticsCtx, f: AnalyticsFilters) => {
    const ids = ctx.scope.dealerIds;
    if (kind !== 'transfer' || ids === null) return sql`stock_moves m`;
    const dealers = ids.length ? sql.join(ids.map((id) => sql`${id}`), sql`, `) : sql`null`;
    const types = typesOf('transfer');
    return sql`(
      select s.id from stock_moves s where s.dealer_id in (${dealers}) and s.qty = -1 and s.order_type in (${types}) and ${withinDays(sql`s.moved_at`, f, ctx.now)}
      union
      select s.id from stock_moves r join stock_moves s on s.order_id = r.order_id and s.barcode = r.barcode and s.qty = -1
      where r.dealer_id in (${dealers}) and r.qty = 1 and r.order_type in (${types}) and ${withinDays(sql`r.moved_at`, f, ctx.now)}
    ) own join stock_moves m on m.id = own.id`;
  };
  // The +1 side through a lateral lookup (an order moves a tyre once each way): joined as a
  // table, the planner took the pair for a single row and nested every later join over seq
  // scans (33 s on PGlite at 200k tyres); a lateral lookup keeps the out side's row count.
  const from = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    ${outSides(ctx, f)} cross join lateral (
      select t.id, t.dealer_id, t.warehouse_id, t.location_id from stock_moves t
      where t.order_id = m.order_id and t.barcode = m.barcode and t.qty = 1 and t.reverses_id is null ${into} limit 1
    ) t
    join orders o on o.id = m.order_id ${materialJoin(sql`m.material_id`)}`;
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    m.qty = -1 and m.reverses_id is null and ${pair} and ${withinDays(sql`m.moved_at`, f, ctx.now)}
    and not exists (select 1 from stock_moves r where r.reverses_id = m.id) and not exists (select 1 from stock_moves r where r.reverses_id = t.id)
    and ${kind === 'transfer' ? eitherSide(sql`(${scopeSql(ctx.scope, sql`m.dealer_id`, sql`m.warehouse_id`)})`, sql`(${scopeSql(ctx.scope, sql`t.dealer_id`, sql`t.warehouse_id`)})`) : scopeSql(ctx.scope, sql`m.dealer_id`, sql`m.warehouse_id`)}
    and ${kind === 'transfer' ? eitherSide(placeFilters(f, sql`m.dealer_id`, sql`m.warehouse_id`), placeFilters(f, sql`t.dealer_id`, sql`t.warehouse_id`)) : placeFilters(f, sql`m.dealer_id`, sql`m.warehouse_id`)}
    and ${materialFilters(f, sql`mat`, [sql`m.barcode`, sql`o.order_no`])}`;
  return sqlReport({
    def: defOf(page),
    keys: [{ name: 'id', expr: sql`m.id` }],
    // Newest first (the default) walks the out sides back in time, each paired as it is read: a first
    // page reads a few dozen moves, not the window's every pair (a count of 525,000 transfers at ten
    // million tyres, its total then the planner's estimate, as for the other move lists).
    sortExprs: { movedAt: sql`m.moved_at`, id: sql`m.id` },
    notNullSorts: ['movedAt', 'id'],
    rows: (ctx, f, after) => sql`
      select m.id, ${localTime(sql`m.moved_at`)} as "movedAt", o.order_no as "orderNo", ${orderTypeName(sql`m.order_type`, ctx.lang)} as "orderType",
        m.barcode, ${materialSelect}, ${nameOf('warehouses', 'name', sql`m.warehouse_id`)} as "fromWarehouse",
        ${nameOf('storage_locations', 'code', sql`m.location_id`)} as "fromLocation", ${nameOf('warehouses', 'name', sql`t.warehouse_id`)} as "toWarehouse",
        ${nameOf('storage_locations', 'code', sql`t.location_id`)} as "toLocation", ${nameOf('warehouses', 'name', sql`m.warehouse_id`)} as "warehouseName",
        1 as qty, ${nameOf('users', 'nick_name', sql`m.user_id`)} as "userName"
      from ${from(ctx, f)}
      where ${where(ctx, f)} and ${after}`,
    chart: (ctx, f) => sql`
      select ${periodLabel(localDay(sql`m.moved_at`), f.dimension)} as period, count(*)::int as qty
      from ${from(ctx, f)} where ${where(ctx, f)} group by 1 order by 1`,
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
    notNullSorts: ['scannedAt', 'id'],
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
