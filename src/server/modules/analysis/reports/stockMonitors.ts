import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { LOCATION_STATES, STOCK_MONITOR_REPORTS, STOCK_STATES } from '../../../../shared/analytics/reports/stockMonitors';
import type { Language } from '../../../../shared/i18n/languages';
import { applicableThreshold } from '../../stock/alerts';
import { scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { materialFilters, placeFilters } from './reportSql';
import { sqlReport } from './sqlReport';
import { must } from '../../../../shared/must';

const defOf = (page: string) => must(STOCK_MONITOR_REPORTS.find((d) => d.page === page), `report ${page}`);
/** A state code's name in the caller's language, as SQL (the sheet shows names; the console colours by `stateCode`). */
const stateName = (states: Record<string, Record<Language, string>>, code: SQL, lang: Language) =>
  sql`case ${code} ${sql.join(Object.entries(states).map(([k, v]) => sql`when ${k} then ${v[lang]}`), sql` `)} end`;

/**
 * On hand per warehouse and material, with the threshold that applies and where stock stands
 * against it. The rows are the warehouse and material counter's (docs/stock-model.md), so a page
 * sorted by on hand (the default) is read from its quantity index, the threshold looked up for that
 * page's rows only, rather than summing all of on hand and judging every pair first.
 */
function inventory(): ReportQuery {
  const stateCode = sql`case when t.min_qty is null and t.max_qty is null then 'none' when h.qty < t.min_qty then 'low'
    when h.qty > t.max_qty then 'high' else 'ok' end`;
  const rows = (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => sql`
    select h.warehouse_id as "warehouseId", h.material_id as "materialId", d.name as "dealerName", w.name as "warehouseName",
      mat.code as "materialCode", mat.name as "materialName", br.name as "brandName", h.qty::int as "onHand", t.min_qty as "minQty", t.max_qty as "maxQty",
      ${stateCode} as "stateCode", ${stateName(STOCK_STATES, stateCode, ctx.lang)} as state
    from stock_warehouse_material_on_hand h
      join warehouses w on w.id = h.warehouse_id left join dealers d on d.id = w.dealer_id
      join materials mat on mat.id = h.material_id join brands br on br.id = mat.brand_id
      left join lateral (${applicableThreshold(sql`h.warehouse_id`, sql`w.dealer_id`, sql`h.material_id`, sql`mat.brand_id`)}) t on true
    where h.qty <> 0 and ${scopeSql(ctx.scope, sql`w.dealer_id`, sql`h.warehouse_id`)} and ${placeFilters(f, sql`w.dealer_id`, sql`h.warehouse_id`)}
      and ${materialFilters(f, sql`mat`, [sql`w.name`])} and ${after}`;
  return sqlReport({
    def: defOf('inventoryMonitor'),
    keys: [{ name: 'warehouseId', expr: sql`h.warehouse_id` }, { name: 'materialId', expr: sql`h.material_id` }],
    rows,
    // Descending as `desc nulls last`, as the index is written (the column is never null).
    sortExprs: { onHand: sql`h.qty` },
    chart: (ctx, f) => sql`select state as "stateName", "stateCode", count(*)::int as pairs from (${rows(ctx, f, sql`true`)}) r group by 1, 2 order by 2`,
  });
}

/** Each storage location's on hand against its capacity. */
function locations(): ReportQuery {
  const rows = (ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL) => sql`
    select q.*, ${stateName(LOCATION_STATES, sql`q."stateCode"`, ctx.lang)} as state from (
      select l.id as "locationId", w.name as "warehouseName", a.code as "areaCode", l.code as "locationCode", l.name as "locationName",
        l.capacity, coalesce(h.qty, 0)::int as "onHand",
        case when l.capacity > 0 then round(coalesce(h.qty, 0) * 100.0 / l.capacity, 1)::float8 end as fill,
        case when coalesce(h.qty, 0) = 0 then 'empty' when l.capacity <= 0 then 'unbounded' when h.qty > l.capacity then 'over'
          when h.qty = l.capacity then 'full' else 'ok' end as "stateCode"
      from storage_locations l join warehouses w on w.id = l.warehouse_id join storehouses a on a.id = l.storehouse_id
        -- What is on each location (whoever's stock it is): the location counter, a row per location.
        left join stock_location_on_hand h on h.location_id = l.id
      where ${scopeSql(ctx.scope, sql`w.dealer_id`, sql`l.warehouse_id`)} and ${placeFilters(f, sql`w.dealer_id`, sql`l.warehouse_id`)}
        ${f.keyword ? sql`and (l.code ilike ${`%${f.keyword}%`} or l.name ilike ${`%${f.keyword}%`} or a.code ilike ${`%${f.keyword}%`})` : sql``}
        and ${after}
    ) q`;
  return sqlReport({
    def: defOf('storageLocationMonitor'),
    keys: [{ name: 'locationId', expr: sql`l.id` }],
    rows,
    chart: (ctx, f) => sql`
      select "warehouseName", "areaCode", round(avg(fill)::numeric, 1)::float8 as fill
      from (${rows(ctx, f, sql`true`)}) r where fill is not null group by 1, 2 order by 1, 2 limit 400`,
  });
}

/** monitoringManage › monitoring: the inventory and storage-location monitors. */
export const STOCK_MONITOR_QUERIES: ReportQuery[] = [inventory(), locations()];
