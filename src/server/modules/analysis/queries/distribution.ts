import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { queryRows } from '../../../db/client';
import { scopeSql, type AnalyticsCtx, type DashboardQuery } from '../registry';
import { onHandKeysSql } from '../../stock/onHandCounters';
import { wholeChannel } from './balances';
import { stockWhere } from './where';

/**
 * Tyres on hand within the scope and filters, as rows of (brand_id, region_id, dot_code, located,
 * qty). The whole channel, a brand at most chosen, reads the channel's on-hand counters (a row per
 * brand, region, DOT and located, however many tyres; docs/stock-model.md); anything narrower
 * reads its stock_on_hand rows under the same key (onHandKeysSql).
 */
export function onHandRows(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL {
  if (wholeChannel(ctx, { ...f, brandId: undefined })) {
    return sql`select c.brand_id, c.region_id, c.dot_code, c.located, c.qty from stock_channel_on_hand c ${f.brandId ? sql`where c.brand_id = ${f.brandId}` : sql``}`;
  }
  return onHandKeysSql(stockWhere(ctx, f, 's'));
}

/** Tyres on hand now by brand, largest first. */
export const byBrand: DashboardQuery = {
  id: 'stock.byBrand', summary: 'Tyres on hand by brand',
  run: (ctx, f) => queryRows(ctx.db, sql`
    select b.id as "brandId", b.name as brand, sum(o.qty)::int as qty
    from (${onHandRows(ctx, f)}) o join brands b on b.id = o.brand_id
    group by b.id, b.name having sum(o.qty) <> 0 order by qty desc, b.id`),
};

/** Dealers' tyres on hand by their dealer's region and brand (the maker's own warehouses have no region); the ids let a cell drill to its report. */
export const regionBrand: DashboardQuery = {
  id: 'stock.regionBrand', summary: "Dealers' tyres on hand by region and brand",
  run: (ctx, f) => queryRows(ctx.db, sql`
    select r.id as "regionId", ${ctx.lang === 'en-US' ? sql`r.name_en` : sql`r.name`} as region, b.id as "brandId", b.name as brand, sum(o.qty)::int as qty
    from (${onHandRows(ctx, f)}) o join regions r on r.id = o.region_id join brands b on b.id = o.brand_id
    group by r.id, r.name, r.name_en, b.id, b.name having sum(o.qty) <> 0 order by r.id, b.id`),
};

/** The 15 warehouses holding the most tyres now: the whole channel from the per-warehouse counters (their index gives the 15), else from stock_on_hand. */
export const byWarehouse: DashboardQuery = {
  id: 'stock.byWarehouse', summary: 'The 15 warehouses holding the most tyres',
  run: (ctx, f) => queryRows(ctx.db, sql`
    select t."warehouseId", w.name as warehouse, t.qty
    from (${wholeChannel(ctx, f)
      ? sql`select c.warehouse_id as "warehouseId", c.qty::int as qty from stock_warehouse_on_hand c where c.qty > 0 order by c.qty desc nulls last, c.warehouse_id limit 15`
      : sql`select s.warehouse_id as "warehouseId", sum(s.qty)::int as qty from stock_on_hand s where ${stockWhere(ctx, f, 's')}
            group by s.warehouse_id order by qty desc, s.warehouse_id limit 15`}) t
      join warehouses w on w.id = t."warehouseId"
    order by t.qty desc, t."warehouseId"`),
};

/**
 * Storage-location fill: 100 × tyres on a location (stock_on_hand location ≠ 0) / the capacity of
 * every location of the warehouses in scope and filters; null when they have no capacity.
 */
export const locationFill: DashboardQuery = {
  id: 'stock.locationFill', summary: 'Percent of storage-location capacity in use',
  async run(ctx, f) {
    const warehouses = sql`select w.id from warehouses w where ${scopeSql(ctx.scope, sql`w.dealer_id`, sql`w.id`)}
      ${f.dealerId ? sql`and w.dealer_id = ${f.dealerId}` : sql``} ${f.warehouseId ? sql`and w.id = ${f.warehouseId}` : sql``}`;
    const [row] = await queryRows<{ located: number; capacity: number }>(ctx.db, sql`
      select (select coalesce(sum(o.qty), 0) from (${onHandRows(ctx, f)}) o where o.located)::int as located,
             (select coalesce(sum(l.capacity), 0) from storage_locations l where l.warehouse_id in (${warehouses}))::int as capacity`);
    const capacity = Number(row.capacity);
    return [{ value: capacity > 0 ? Math.round((1000 * Number(row.located)) / capacity) / 10 : null, max: 100 }];
  },
};
