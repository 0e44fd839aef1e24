import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { INVENTORY_REPORTS } from '../../../../shared/analytics/reports/inventory';
import type { Language } from '../../../../shared/i18n/languages';
import { STOCK_AGE_BUCKETS } from '../../../../shared/analytics/domain';
import { ORDER_STATUS } from '../../../../shared/orders/orderTypes';
import { stocktakeBook } from '../../orders/stocktakeBook';
import { dotAgeWeeksSql, dotAgeWhere, stockAgeIndexSql, stockAgeStartSql, stockAgeWhere, VALID_DOT } from '../ageSql';
import { everyPlace, scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { localTime, materialFilters, materialJoin, materialLeftJoin, materialSelect, onHandWhere, placeFilters, withinDays } from './reportSql';
import { BALANCE_QUERIES } from './balances';
import { sqlReport } from './sqlReport';
import { reportPerCall } from './perCall';
import { customers, tyres } from './inventoryFlows';
import { must } from '../../../../shared/must';

const defOf = (page: string): ReportDef => must(INVENTORY_REPORTS.find((d) => d.page === page), `report ${page}`);

const statusName = (lang: Language) => (lang === 'en-US'
  ? sql`(case o.status when '0' then 'Created' when '1' then 'Counting' when '2' then 'Completed' else o.status end)`
  : sql`(case o.status when '0' then '新建' when '1' then '盘点中' when '2' then '已完成' else o.status end)`);

/** Book against counted per stocktake and material (and location): `stocktakeBook` defines both. */
function contrast(page: string, byLocation: boolean): ReportQuery {
  const rows = (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => sql`
    select o.id as "orderId", ${byLocation ? sql`x.loc as "locationId", l.code as "locationCode",` : sql``} x.material_id as "materialId",
      o.order_no as "orderNo", ${statusName(ctx.lang)} as status, ${localTime(sql`coalesce(o.completed_at, o.created_at)`)} as "countedAt",
      w.name as "warehouseName", ${materialSelect}, x.book as "bookQty", x.counted as "countedQty", (x.counted - x.book) as difference
    from orders o join warehouses w on w.id = o.warehouse_id
    cross join lateral (${stocktakeBook(byLocation)}) x
    ${materialLeftJoin(sql`x.material_id`)} ${byLocation ? sql`left join storage_locations l on l.id = nullif(x.loc, 0)` : sql``}
    where o.order_type = 'IV' and o.status <> ${ORDER_STATUS.cancelled} and ${withinDays(sql`o.created_at`, f, ctx.now)}
      and ${scopeSql(ctx.scope, sql`o.dealer_id`, sql`o.warehouse_id`)} and ${placeFilters(f, sql`o.dealer_id`, sql`o.warehouse_id`)}
      and ${materialFilters(f, sql`mat`, [sql`o.order_no`])} and ${after}`;
  return sqlReport({
    def: defOf(page),
    keys: [
      { name: 'orderId', expr: sql`o.id` },
      ...(byLocation ? [{ name: 'locationId', expr: sql`x.loc` }] : []),
      { name: 'materialId', expr: sql`x.material_id` },
    ],
    rows,
    chart: (ctx, f) => sql`
      select * from (
        select "orderNo", sum("bookQty")::int as "bookQty", sum("countedQty")::int as "countedQty", max("countedAt") as at
        from (${rows(ctx, f, sql`true`)}) q group by 1 order by at desc limit 20
      ) r order by at`,
  });
}

/**
 * On hand by DOT code and material; DOT age in whole weeks from the production week's Monday
 * (ageSql.ts, domain `dotAgeWeeks`); the dotAge filter keeps the codes of one DOT age group.
 */
function dots(): ReportQuery {
  /**
   * On hand per DOT code and material, from the `after` key on: the channel's counter for a caller
   * who sees every place (a row per key, no aggregate), else the sums of stock_on_hand's rows.
   */
  const onHand = (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => (everyPlace(ctx, f)
    ? sql`select h.dot_code, h.material_id, h.qty::int as qty from stock_material_on_hand h where h.qty <> 0 and ${after}`
    : sql`select h.dot_code, h.material_id, sum(h.qty)::int as qty from stock_on_hand h where ${onHandWhere(ctx, f)} and ${after} group by 1, 2`);
  /** A DOT code's validity, production year and week, and age in weeks. */
  const ageOf = (ctx: AnalyticsCtx, code: SQL) => sql`${code} ~ ${VALID_DOT} as valid,
    case when ${code} ~ ${VALID_DOT} then 2000 + right(${code}, 2)::int end as y,
    case when ${code} ~ ${VALID_DOT} then left(${code}, 2)::int end as w, ${dotAgeWeeksSql(code, ctx.now)} as weeks`;
  /**
   * Each row's DOT age. Over the channel's counter (250,000 rows at ten million tyres, where working
   * it out per row took 240 ms), once per code: the codes of the channel's other counter, a handful
   * of keys each. Over a caller's own rows, per row (the planner, expecting a row or two, would work
   * out every code again for each).
   */
  const ages = (ctx: AnalyticsCtx, f: AnalyticsFilters) => (everyPlace(ctx, f)
    ? sql`left join (select c.dot_code, ${ageOf(ctx, sql`c.dot_code`)} from (select distinct dot_code from stock_channel_on_hand) c) a on a.dot_code = h.dot_code`
    : sql`cross join lateral (select ${ageOf(ctx, sql`h.dot_code`)}) a`);
  const rows = (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => sql`
    select h.dot_code as "dotCode", h.material_id as "materialId", ${materialSelect}, h.qty as "onHand",
      case when a.valid then a.y || '-W' || lpad(a.w::text, 2, '0') end as "productionWeek", a.weeks as "dotAgeWeeks",
      case when a.valid then a.y::text else '-' end as year
    from (${onHand(ctx, f, after)}) h ${ages(ctx, f)} ${materialJoin(sql`h.material_id`)}
    where ${materialFilters(f, sql`mat`, [sql`h.dot_code`])} ${f.dotAge ? sql`and ${dotAgeWhere(sql`a.weeks`, f.dotAge)}` : sql``}`;
  return sqlReport({
    def: defOf('dotInventory'),
    keys: [{ name: 'dotCode', expr: sql`h.dot_code` }, { name: 'materialId', expr: sql`h.material_id` }],
    rows,
    chart: (ctx, f) => sql`select year, sum("onHand")::int as "onHand" from (${rows(ctx, f, sql`true`)}) q group by 1 order by 1`,
  });
}

/** The stock-age report's bucket columns, in STOCK_AGE_BUCKETS order. */
const STOCK_AGE_KEYS = ['age0to3', 'age4to6', 'age7to9', 'age10to12', 'age12plus'];

/**
 * Tyres in stock by material, in the stock-age buckets of whole months since their stock age
 * started (ageSql.ts: ageGroups.ts `stockAgeStart` and the bucket edges of domain `stockAgeBucket`);
 * the stockAge filter keeps the tyres of one bucket.
 */
function stockAge(): ReportQuery {
  // Counted per material id, the names joined after: grouped by the names too, the aggregate of a
  // million tyres in stock spilled to disk (1.0 s at ten million tyres).
  const rows = (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => sql`
      select b.material_id as "materialId", ${materialSelect}, b."onHand", ${sql.join(STOCK_AGE_KEYS.map((key) => sql`b.${sql.identifier(key)}`), sql`, `)}
      from (
        select b.material_id, count(*)::int as "onHand",
          ${sql.join(STOCK_AGE_KEYS.map((key, i) => sql`count(*) filter (where b.bucket = ${sql.raw(String(i))})::int as ${sql.identifier(key)}`), sql`, `)}
        from (
          select b.material_id, ${stockAgeIndexSql(stockAgeStartSql('b'), ctx.now)} as bucket
          from barcodes b
          where b.status = 'in' and ${scopeSql(ctx.scope, sql`b.dealer_id`, sql`b.warehouse_id`)} and ${placeFilters(f, sql`b.dealer_id`, sql`b.warehouse_id`)}
            and ${after} ${f.stockAge ? sql`and ${stockAgeWhere(stockAgeStartSql('b'), f.stockAge, ctx.now)}` : sql``}
        ) b group by b.material_id
      ) b ${materialJoin(sql`b.material_id`)}
      where ${materialFilters(f, sql`mat`)}`;
  return sqlReport({
    def: defOf('samuelCouling'),
    keys: [{ name: 'materialId', expr: sql`b.material_id` }],
    rows,
    chart: (ctx, f) => sql`
      select unnest(array[${sql.join(STOCK_AGE_BUCKETS.map((b) => sql`${b}`), sql`, `)}]) as bucket,
        unnest(array[${sql.join(STOCK_AGE_KEYS.map((key) => sql`sum(${sql.identifier(key)})`), sql`, `)}])::int as "onHand"
      from (${rows(ctx, f, sql`true`)}) q`,
  });
}

/**
 * On hand by warehouse, location and material (location 0 = none). The whole channel
 * (`everyPlace`) reads the counter per warehouse, location and material
 * (stock_location_material_on_hand, docs/stock-model.md): its first page by on hand is the top of
 * the counter's quantity index, where summing every on-hand row took 1.7 s at ten million tyres. A
 * narrower caller sums its own on-hand rows.
 */
function locations(): ReportQuery {
  const def = defOf('locationInventory');
  const named = (qty: SQL) => sql`w.name as "warehouseName", l.code as "locationCode", l.name as "locationName", ${materialSelect}, ${qty} as "onHand"`;
  const keys = [{ name: 'warehouseId', expr: sql`h.warehouse_id` }, { name: 'locationId', expr: sql`h.location_id` }, { name: 'materialId', expr: sql`h.material_id` }];
  // The storage locations holding the most: stock held without a location is no location (its
  // bars, one per warehouse, were all labelled "-").
  const chart = (rows: (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => SQL) => (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    select "locationCode", sum("onHand")::int as "onHand"
    from (${rows(ctx, f, sql`h.location_id <> 0`)}) q group by "warehouseId", "locationId", 1 order by 2 desc, 1 limit 15`;
  // The counter first in FROM, each row joined to its names (an export's batches keep this order).
  const counted = (_ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => sql`
    select h.warehouse_id as "warehouseId", h.location_id as "locationId", h.material_id as "materialId", ${named(sql`h.qty::int`)}
    from stock_location_material_on_hand h join warehouses w on w.id = h.warehouse_id
      left join storage_locations l on l.id = nullif(h.location_id, 0) ${materialJoin(sql`h.material_id`)}
    where h.qty <> 0 and ${materialFilters(f, sql`mat`, [sql`l.code`])} and ${after}`;
  // Summed per key in the primary key's order (its DOT codes and dealers are the rest of it), the
  // names joined after: grouped by the names too, the aggregate spilled to disk at ten million tyres.
  const summed = (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => sql`
    select h.warehouse_id as "warehouseId", h.location_id as "locationId", h.material_id as "materialId", ${named(sql`h.qty`)}
    from (
      select h.warehouse_id, h.location_id, h.material_id, sum(h.qty)::int as qty from stock_on_hand h
      where ${onHandWhere(ctx, f)} and ${after} group by 1, 2, 3
    ) h join warehouses w on w.id = h.warehouse_id left join storage_locations l on l.id = nullif(h.location_id, 0)
      ${materialJoin(sql`h.material_id`)}
    where ${materialFilters(f, sql`mat`, [sql`l.code`])}`;
  const wholeChannel = sqlReport({ def, keys, rows: counted, sortExprs: { onHand: sql`h.qty` }, chart: chart(counted) });
  const narrower = sqlReport({ def, keys, rows: summed, chart: chart(summed) });
  return reportPerCall(def, async (ctx, f) => (everyPlace(ctx, f) ? wholeChannel : narrower));
}

/** reportQuery › storageInventory: the inventory reports' queries. */
export const INVENTORY_QUERIES: ReportQuery[] = [
  tyres(), customers(), contrast('inventoryContrast', false), contrast('inventoryContrastCopy', true),
  ...BALANCE_QUERIES, dots(), stockAge(), locations(),
];
